// A buyer filling the address form on a small touch phone, from the TypeScript sources: a pincode typed with letters,
// and a submit that fails on a field far above the button.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { reviewShot } from '../support/review-shot.ts';
import { pageProblems, signIn } from './support/buyer.ts';
import { focusedElement } from './support/keyboard.ts';
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

const SMALL_PHONE = { width: 360, height: 640 };
/** A tall phone: the form's button and its second field on one screen. */
const TALL_PHONE = { width: 412, height: 915 };

/** A new buyer signed in on a touch phone (a small one unless told), at the empty address form. */
async function atAddressForm(email: string, viewport = SMALL_PHONE) {
  const opened = await openTouchPage(browser, viewport);
  await opened.page.goto(`${w.shop.origin}/`);
  await signIn(opened.page, w.smtp, email, () => Promise.resolve());
  await opened.page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
  return opened;
}

/** Replaces what `label`'s field holds with `text`, typed after a tap. */
async function retype(page: Page, label: string, text: string): Promise<void> {
  await tapAt(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 20 });
}

describe('a pincode typed with letters', () => {
  it('reads O as 0, and says when other letters were left out', async () => {
    const { page, problems } = await atAddressForm('pincode.letters@example.com');
    const pincode = page.getByLabel('Pincode');
    const error = page.locator('.gc-field', { has: pincode }).locator('.gc-error');

    await retype(page, 'Pincode', '11OO92');
    expect(await pincode.inputValue()).toBe('110092');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
    expect(await error.isVisible()).toBe(false);

    // Another letter is left out, and the buyer is told so where they look, until the next keystroke.
    await retype(page, 'Pincode', '56003x');
    expect(await pincode.inputValue()).toBe('56003');
    expect(await error.textContent()).toBe('A pincode has only digits: the letters typed were left out');
    expect(await pincode.getAttribute('aria-invalid')).toBe('true');
    await reviewShot(page, 'widget-pincode-letters-360');
    await page.keyboard.type('4');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    expect(await pincode.inputValue()).toBe('560034');
    expect(await error.isVisible()).toBe(false);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('a failed submit', () => {
  it('shows the first wrong field with its label, not cut off at the top of the screen', async () => {
    const { page, problems } = await atAddressForm('scroll.label@example.com', TALL_PHONE);
    await retype(page, 'Full name', 'Asha Rao');
    await retype(page, 'Mobile number', '98450');
    await retype(page, 'Pincode', '560038');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Karnataka');
    await retype(page, 'Flat, house no.', '12');
    // A store's page goes on below its checkout (a footer, its policies), so the page scrolls past the form.
    await page.evaluate(() => {
      const footer = Object.assign(document.createElement('footer'), { textContent: 'Returns policy · Contact us' });
      footer.style.minHeight = '100vh';
      document.body.append(footer);
    });
    // The buyer has scrolled on: the mobile number's field is at the top of the screen, its label just above it.
    const phone = page.getByLabel('Mobile number');
    const label = page.locator('.gc-field label', { hasText: 'Mobile number' });
    await page.mouse.wheel(0, (await phone.boundingBox())!.y - 4);
    await expect.poll(async () => (await label.boundingBox())!.y).toBeLessThan(0);
    expect((await phone.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await tapAt(page, page.getByRole('button', { name: 'Continue to map' }));
    await expect.poll(() => focusedElement(page)).toBe('INPUT Mobile number');
    // The label and some room above it are on screen, and the error under the field.
    expect((await label.boundingBox())!.y).toBeGreaterThanOrEqual(8);
    expect(await page.getByText('Enter all 10 digits').isVisible()).toBe(true);
    await reviewShot(page, 'widget-failed-submit-label-412');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('a city and state the pincode contradicts', () => {
  it("is asked about under each field, with the pincode's a tap away, and kept when the buyer continues", async () => {
    // Saved without a word: "5, Shakarpur, Bengaluru, Karnataka 110092" went on to the map, the server's
    // city_mismatch and state_mismatch unread.
    const { page, problems } = await atAddressForm('place.mismatch@example.com');
    await retype(page, 'Full name', 'Asha Rao');
    await retype(page, 'Mobile number', '9845012345');
    await retype(page, 'City, town', 'Bengaluru');
    await retype(page, 'State', 'Karnataka');
    await retype(page, 'Pincode', '110092');
    await expect.poll(() => page.getByLabel('Pincode').getAttribute('aria-describedby')).toBeTruthy();
    await retype(page, 'Flat, house no.', '5');
    await retype(page, 'Area, locality', 'Shakarpur');
    await tapAt(page, page.getByRole('button', { name: 'Continue to map' }));
    const note = (label: string) => page.locator('.gc-field', { has: page.getByLabel(label, { exact: true }) });
    await expect
      .poll(() => note('State').locator('.gc-place-note').textContent())
      .toBe('Pincode 110092 is in Delhi, not Karnataka. Use Delhi');
    expect(await note('City, town').locator('.gc-place-note').textContent()).toMatch(
      /^Pincode 110092 is in .*Delhi, not Bengaluru\. Use .*Delhi$/,
    );
    expect(await page.getByRole('heading', { name: 'Add a delivery address' }).isVisible()).toBe(true);
    // The address is saved already (a Cancel now keeps it, as typed): the form says so rather than "not yet".
    expect(await page.locator('.gc-form > .gc-message').last().textContent()).toBe(
      'Saved as typed. Check the city and state above: use the suggestion, or continue to keep them.',
    );
    await reviewShot(page, 'widget-place-mismatch-360');

    await tapAt(page, note('State').getByRole('button', { name: 'Use Delhi' }));
    expect(await page.getByLabel('State').inputValue()).toBe('Delhi');
    // The city as typed is the buyer's answer: continuing keeps it.
    await tapAt(page, page.getByRole('button', { name: 'Continue to map' }));
    await page.getByRole('heading', { name: 'Confirm the delivery location' }).waitFor();
    const saved = await w.server.parts.sql.all<{ city: string; state: string }>(
      "SELECT city, state FROM addresses WHERE name = 'Asha Rao' AND pincode = '110092'",
    );
    expect(saved).toEqual([{ city: 'Bengaluru', state: 'Delhi' }]);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
