// The emailed code on a phone, from the TypeScript sources against the real server (its clock moved on by the test):
// wrong codes counted in words as written, "Resend code" saying whether a new code was mailed or the live one stands,
// and a lockout that resending would not shorten.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { pageProblems } from './support/buyer.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { openTouchPage, tapAt } from './support/touch.ts';

let w: SourceWorld;
let browser: Browser;

/** How far the server's clock is ahead of this machine's: moved on to age a code or end a lockout. */
let ahead = 0;
const serverNow = () => new Date(Date.now() + ahead);

beforeAll(async () => {
  w = await startSourceWorld({ clock: serverNow });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

/**
 * A buyer on a touch phone who asked for a code for `email`: at the code field, the code read from the mail. The
 * page's clock starts at the server's time and is moved on with it.
 */
async function atCode(email: string): Promise<{ page: Page; problems: string[]; sent: string }> {
  const { page, problems } = await openTouchPage(browser);
  await page.clock.install({ time: serverNow() });
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

/** Moves the server's clock and the page's on by `ms`, as the buyer's wait would. */
async function wait(page: Page, ms: number): Promise<void> {
  ahead += ms;
  await page.clock.runFor(ms);
}

/** The status or alert line beside the buyer's buttons, once it says something. */
async function said(page: Page): Promise<string> {
  const line = page.locator('.gc-form > .gc-message');
  await expect.poll(() => line.textContent()).not.toBe('');
  return (await line.textContent()) ?? '';
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

describe('Resend code', () => {
  it('says a new code was mailed and the earlier one no longer works, or that the live code stands', async () => {
    const email = 'resend.honest@example.com';
    const { page, problems, sent } = await atCode(email);
    const resend = page.locator('.gc-resend button');
    await typeCode(page, wrong(sent));
    expect(await errorAfter(page, '')).toBe('The code is wrong (4 tries left)');
    // The code has aged past its resend wait (and its 10 minutes): the server mails a new one, reused: false.
    await wait(page, 11 * 60_000);
    await tapAt(page, page.getByRole('button', { name: 'Resend code', exact: true }));
    await expect.poll(() => said(page)).toBe('A new code is on its way; the code sent before no longer works.');
    // The older code's digits and its "wrong" went with it (they stayed beside "A new code is on its way").
    expect(await page.getByLabel('Code from the email').inputValue()).toBe('');
    expect(await page.locator('.gc-field .gc-error').isVisible()).toBe(false);
    expect(await page.locator('.gc-field .gc-hint').textContent()).toBe(`A new code was sent to ${email}`);
    expect(await resend.textContent()).toBe('Resend code in 30 s');
    await reviewShot(page, 'widget-code-new-code-390');
    const second = await w.smtp.nextCode(email);

    // It says so truthfully: the code from the first mail is refused now.
    await typeCode(page, sent === second ? wrong(sent) : sent);
    expect(await errorAfter(page, '')).toBe('The code is wrong (3 tries left)');

    // Half a minute on, the new code is live and young: the server mails nothing and the widget says it stands.
    await page.clock.runFor(31_000);
    await tapAt(page, page.getByRole('button', { name: 'Resend code', exact: true }));
    await expect
      .poll(() => said(page))
      .toMatch(/^Your code is still valid until \d\d:\d\d [ap]m; check spam if it has not arrived\.$/);
    expect(w.smtp.count(email)).toBe(2);
    await reviewShot(page, 'widget-code-still-valid-390');
    await typeCode(page, second);
    await page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
    expect(pageProblems(problems).filter((p) => !p.includes('401'))).toEqual([]);
    await page.context().close();
  });

  it('waits out a lockout with its reason, not a countdown that suggests a new code would help', async () => {
    const email = 'resend.locked@example.com';
    const { page, problems, sent } = await atCode(email);
    const resend = page.locator('.gc-resend button');
    let error = '';
    for (let i = 0; i < 4; i++) {
      await typeCode(page, wrong(sent));
      error = await errorAfter(page, error);
    }
    await typeCode(page, wrong(sent));
    await expect.poll(() => said(page)).toBe('Too many wrong codes; try again in 15 minutes');
    const why = /^You can enter a code again at \d\d:\d\d [ap]m; a new code would not help before then\.$/;
    await expect.poll(() => page.locator('.gc-resend .gc-hint').textContent()).toMatch(why);
    expect([await resend.textContent(), await resend.isDisabled()]).toEqual(['Resend code', true]);
    expect(await resend.getAttribute('aria-describedby')).toBe(
      await page.locator('.gc-resend .gc-hint').getAttribute('id'),
    );
    // A minute on, nothing counts down to a resend that would not help.
    await page.clock.runFor(60_000);
    expect([await resend.textContent(), await resend.isDisabled()]).toEqual(['Resend code', true]);
    await reviewShot(page, 'widget-code-locked-390');

    // The lockout over, resend works again, and a new code opens the checkout.
    await wait(page, 15 * 60_000);
    await expect.poll(() => resend.isDisabled()).toBe(false);
    expect(await page.locator('.gc-resend .gc-hint').isVisible()).toBe(false);
    await tapAt(page, resend);
    await expect.poll(() => said(page)).toBe('A new code is on its way; the code sent before no longer works.');
    await typeCode(page, await w.smtp.nextCode(email));
    await page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
    expect(pageProblems(problems).filter((p) => !/401|429/.test(p))).toEqual([]);
    await page.context().close();
  });
});
