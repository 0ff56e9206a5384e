// The emailed code on a phone: wrong codes counted in words the buyer reads as written, from the TypeScript sources
// against the real server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { pageProblems } from './support/buyer.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { openTouchPage, tapAt } from './support/touch.ts';

let w: SourceWorld;
let browser: Browser;

beforeAll(async () => {
  w = await startSourceWorld();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

/** A buyer on a touch phone who asked for a code for `email`: at the code field, the code read from the mail. */
async function atCode(email: string): Promise<{ page: Page; problems: string[]; sent: string }> {
  const { page, problems } = await openTouchPage(browser);
  await page.goto(`${w.shop.origin}/`);
  await tapAt(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tapAt(page, page.getByRole('button', { name: 'Email me a code' }));
  await page.getByLabel('Code from the email').waitFor();
  return { page, problems, sent: await w.smtp.nextCode(email) };
}

/** Types `code` into the code field, as a thumb would, and taps Verify. */
async function typeCode(page: Page, code: string): Promise<void> {
  const field = page.getByLabel('Code from the email');
  await tapAt(page, field);
  await field.fill('');
  await page.keyboard.type(code);
  await tapAt(page, page.getByRole('button', { name: 'Verify' }));
}

/** A 6-digit code that is not `code`. */
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

/** The error under the code field once it says something else than `before`. */
async function errorAfter(page: Page, before: string): Promise<string> {
  const error = page.locator('.gc-field .gc-error');
  let text = '';
  await expect.poll(async () => (text = (await error.textContent()) ?? '') !== '' && text !== before).toBe(true);
  return text;
}

describe('wrong codes', () => {
  it('are counted down in words as written: 4 tries left, then 1 try left', async () => {
    const { page, problems, sent } = await atCode('tries.left@example.com');
    const said: string[] = [];
    for (let i = 0; i < 4; i++) {
      await typeCode(page, wrong(sent));
      said.push(await errorAfter(page, said.at(-1) ?? ''));
    }
    expect(said[0]).toBe('The code is wrong (4 tries left)');
    expect(said.at(-1)).toBe('The code is wrong (1 try left)');
    await reviewShot(page, 'widget-code-one-try-left-390');
    expect(pageProblems(problems).filter((p) => !p.includes('401'))).toEqual([]);
    await page.context().close();
  });
});
