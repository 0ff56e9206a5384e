// The widget on the narrowest phones, from the TypeScript sources: a 320 px screen with long unbreakable text typed by
// the buyer (an email, a name, address lines) wraps it, and the page never scrolls sideways.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { mapReady, pageProblems } from './support/buyer.ts';
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

const SMALL_PHONE = { width: 320, height: 640 };
/** The QA tester's address, and others as long without a place to break. */
const EMAIL = 'venkatasubramanian.ramakrishnan.iyer1987@rediffmail.com';
const NAME = 'Venkatasubramanianramakrishnaniyer';
const BUILDING = 'Prestigeshantiniketanapartmentstowerseventeen';
const STREET = 'Hundredfeetroadindiranagardoublerdextension';

/** How far the page reaches past the screen's right edge, in CSS px (0: nothing to scroll sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Taps `label`'s field and types `text` at the end of what it holds. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  await tapAt(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('End');
  await page.keyboard.type(text);
}

describe('a 320 px phone and long unbreakable text', () => {
  it('wraps the email, name and address lines on every step, and never scrolls sideways', async () => {
    const { page, problems } = await openTouchPage(browser, SMALL_PHONE);
    await page.goto(`${w.shop.origin}/`);
    const widths: Record<string, number> = {};

    // The email without its ending first: the error under the field repeats what was typed.
    await typeInto(page, 'Email', EMAIL.replace(/\.com$/, ''));
    await tapAt(page, page.getByRole('button', { name: 'Email me a code' }));
    await page.getByText('Add the ending of the address').waitFor();
    widths.email = await sideways(page);
    await typeInto(page, 'Email', '.com');
    await tapAt(page, page.getByRole('button', { name: 'Email me a code' }));
    await page.getByText(`Sent to ${EMAIL}`).waitFor();
    widths.code = await sideways(page);
    await reviewShot(page, 'widget-long-email-code-320');
    await typeInto(page, 'Code from the email', await w.smtp.nextCode(EMAIL));
    await tapAt(page, page.getByRole('button', { name: 'Verify' }));

    await page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
    await typeInto(page, 'Full name', NAME);
    await typeInto(page, 'Mobile number', '9845012345');
    await typeInto(page, 'Pincode', '560038');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    await typeInto(page, 'Flat, house no.', '12');
    await typeInto(page, 'Building, apartment', BUILDING);
    await typeInto(page, 'Street, road', STREET);
    widths.form = await sideways(page);
    await tapAt(page, page.getByRole('button', { name: 'Continue to map' }));
    await mapReady(page, '560038');
    widths.map = await sideways(page);

    // Back to the saved addresses, where the name and the address line are shown as typed.
    await tapAt(page, page.getByRole('button', { name: 'Back', exact: true }));
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    widths.book = await sideways(page);
    await reviewShot(page, 'widget-long-address-book-320');
    await tapAt(page, page.getByRole('button', { name: 'Deliver here' }));
    await mapReady(page, '560038');
    await tapAt(page, page.getByRole('button', { name: 'Confirm this location' }));
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    expect(await page.locator('.gc-deliver').textContent()).toContain(`${NAME}: 12, ${BUILDING}, ${STREET}`);
    widths.summary = await sideways(page);
    await reviewShot(page, 'widget-long-address-summary-320');

    await tapAt(page, page.getByRole('radio', { name: 'Cash on delivery' }));
    await tapAt(page, page.getByRole('button', { name: 'Place order' }));
    await page.locator('.gc-done[data-payment-method=cod]').waitFor();
    widths.done = await sideways(page);
    await reviewShot(page, 'widget-long-address-done-320');
    expect(widths).toEqual({ email: 0, code: 0, form: 0, map: 0, book: 0, summary: 0, done: 0 });
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
