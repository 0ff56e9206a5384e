// A buyer on a touch phone who types a locality in short ("1st blk", "ngr") and taps the suggestion that spells it out:
// the field holds the suggestion once, with only the typed words it does not say, from the TypeScript sources.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { pageProblems, signIn } from './support/buyer.ts';
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

/** Replaces what `label`'s field holds with `text`, typed after a tap, as a thumb and a phone keyboard would. */
async function retype(page: Page, label: string, text: string): Promise<void> {
  await tapAt(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 40 });
}

/** Types `typed` into the locality field, taps the suggestion named `name`, and returns what the field then holds. */
async function pick(page: Page, typed: string, name: string): Promise<string> {
  await retype(page, 'Area, locality', typed);
  const option = page
    .getByRole('listbox', { name: 'Suggested localities' })
    .getByRole('option')
    .filter({ has: page.locator('.gc-suggestion-name', { hasText: new RegExp(`^${name}$`) }) })
    .first();
  await tapAt(page, option);
  return page.getByRole('combobox', { name: 'Area, locality' }).inputValue();
}

describe('a locality typed in short and picked spelled out', () => {
  it('holds the picked name once, keeping only the typed words it does not say', async () => {
    const { page, problems } = await openTouchPage(browser);
    await page.goto(`${w.shop.origin}/`);
    await signIn(page, w.smtp, 'short.locality@example.com', () => Promise.resolve());
    await page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();

    await retype(page, 'Pincode', '560034');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    expect(await pick(page, 'koramangla 1st blk', 'Koramangala I Block')).toBe('Koramangala I Block');
    await reviewShot(page, 'widget-locality-short-picked-390');
    // A block the data lacks: the locality alone is offered, and the typed block stays.
    expect(await pick(page, 'koramangla 9th blk', 'Koramangala')).toBe('Koramangala 9th blk');

    await retype(page, 'Pincode', '110092');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
    expect(await pick(page, 'laxmi ngr', 'Laxmi Nagar')).toBe('Laxmi Nagar');
    expect(await pick(page, 'laxmi ngr near temple', 'Laxmi Nagar')).toBe('Laxmi Nagar near temple');
    await reviewShot(page, 'widget-locality-short-landmark-390');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
