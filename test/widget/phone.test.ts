// The widget in a buyer's hand: a 390 px touch phone (and the same phone on its side) driven by taps and swipes, from
// the TypeScript sources.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewShot } from '../support/review-shot.ts';
import { pageProblems, signIn } from './support/buyer.ts';
import { focusedElement } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';
import { openTouchPage, tapAt } from './support/touch.ts';
import { launchBrowser } from '../support/browser.ts';

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

/** A new buyer signed in on a fresh touch phone, at the empty address form. */
async function newBuyer(email: string, viewport?: { width: number; height: number }) {
  const opened = await openTouchPage(browser, viewport);
  await opened.page.goto(`${w.shop.origin}/`);
  await signIn(opened.page, w.smtp, email, () => Promise.resolve());
  await opened.page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
  return opened;
}

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested localities' }).getByRole('option');

describe('locality suggestions', () => {
  it('close when the buyer taps the next field or outside, keeping what was typed', async () => {
    const { page, problems } = await newBuyer('locality.tap@example.com');
    await page.getByLabel('Pincode').fill('560 034');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    const locality = page.getByRole('combobox', { name: 'Area, locality' });
    const landmark = page.getByLabel('Landmark (optional)');
    await tapAt(page, locality);
    await locality.pressSequentially('Koramangala 5th Block', { delay: 30 });
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    await reviewShot(page, 'phone-locality-list');
    // The list does not cover the field that follows: the buyer sees it and can tap it.
    await landmark.scrollIntoViewIfNeeded();
    const list = (await page.getByRole('listbox').boundingBox())!;
    const next = (await landmark.boundingBox())!;
    expect(next.y).toBeGreaterThanOrEqual(list.y + list.height);

    await tapAt(page, landmark);
    await expect.poll(() => focusedElement(page)).toBe('INPUT Landmark (optional)');
    expect(await locality.inputValue()).toBe('Koramangala 5th Block');
    expect(await locality.getAttribute('aria-expanded')).toBe('false');
    expect(await suggestions(page).count()).toBe(0);
    await reviewShot(page, 'phone-locality-landmark');

    // A tap outside the widget (the store's own heading) closes it too.
    await tapAt(page, locality);
    await locality.press('End');
    await locality.pressSequentially(' ', { delay: 30 });
    await expect.poll(() => suggestions(page).count()).toBeGreaterThan(0);
    await tapAt(page, page.getByRole('heading', { name: 'Checkout', exact: true }));
    await expect.poll(() => suggestions(page).count()).toBe(0);
    expect(await locality.inputValue()).toBe('Koramangala 5th Block ');

    // A deliberate tap on a suggestion takes it.
    await locality.fill('');
    await tapAt(page, locality);
    await locality.pressSequentially('Koraman', { delay: 30 });
    const first = suggestions(page).first();
    await first.waitFor();
    const name = (await first.locator('.gc-suggestion-name').textContent())!;
    await tapAt(page, first);
    expect(await locality.inputValue()).toBe(name);
    expect(await suggestions(page).count()).toBe(0);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
