// The widget by keyboard and for screen readers on a 320 px phone: the gateway's pay frame as a modal, focus while a
// form is busy and after "Resend code", a focus ring on every control in forced colours (Windows high contrast), saved
// addresses' buttons named after their address, the question before a pin outside the typed pincode is confirmed, and
// field errors that go as the buyer corrects the field.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from '../dashboard/support/page.ts';
import { launchBrowser } from '../support/browser.ts';
import { describedText, mapReady, pageProblems, shownPin, signIn } from './support/buyer.ts';
import { encode } from '../../src/native/digipin.ts';
import { focusRing, type FocusRing } from '../support/focus-ring.ts';
import { reviewShot } from '../support/review-shot.ts';
import { focusedElement, savedAddresses } from './support/keyboard.ts';
import { startSourceWorld, type SourceWorld } from './support/source-world.ts';

const NARROW = { width: 320, height: 640 };
const HOME = { name: 'Asha Rao', phone: '9845012345', flat_number: '12', street_name: 'CMH Road', pincode: '560038' };
const OFFICE = { ...HOME, flat_number: '4th floor', street_name: '100 Feet Road', label: 'Office' };
/** Lajpat Nagar IV is 110024: 110042 is a digit mistyped, and the map puts the pin at the locality. */
const MISTYPED = { ...HOME, flat_number: 'C-45', street_name: null, locality: 'Lajpat Nagar IV', pincode: '110042' };

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

/** Signs `email` in on a fresh 320 px page of the store; with saved addresses, the book is shown. */
async function openSignedIn(email: string): Promise<{ page: Page; problems: string[] }> {
  const opened = await openPage(browser, NARROW);
  await opened.page.goto(`${w.shop.origin}/`);
  await signIn(opened.page, w.smtp, email, () => Promise.resolve());
  return opened;
}

/** From the saved addresses to "Review and pay" with the first one and the pin where it starts. */
async function toPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await mapReady(page, '560038');
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
}

describe("the gateway's pay frame", () => {
  it('takes focus, keeps Tab inside, closes on Escape and gives focus back to the Pay button', async () => {
    const email = 'frame.keyboard@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openSignedIn(email);
    // A store page has links of its own around the widget; a modal must keep them out of reach.
    await page.evaluate(() => {
      const link = (text: string) => Object.assign(document.createElement('a'), { href: '#', textContent: text });
      document.querySelector('header')!.append(link('All kurtas'));
      document.querySelector('main')!.append(link('Returns policy'));
    });
    await toPayment(page);
    const pay = page.getByRole('button', { name: 'Pay ₹1,499.00' });
    const frame = page.frameLocator('.gc-overlay iframe');

    await pay.focus();
    await page.keyboard.press('Enter');
    await frame.locator('#pay').waitFor();
    await expect.poll(() => frame.locator('#pay').evaluate((el) => el === document.activeElement)).toBe(true);
    await reviewShot(page, 'widget-gateway-frame-320');
    const visited: string[] = [];
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inFrame = await frame.locator('body').evaluate(() => document.activeElement?.id ?? '');
      visited.push(`${await focusedElement(page)} #${inFrame}`);
    }
    expect(visited).toEqual(['#cancel', '#pay', '#cancel', '#pay', '#cancel'].map((id) => `IFRAME ${id}`));

    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.gc-overlay').count()).toBe(0);
    expect(await page.getByRole('alert').textContent()).toBe('Payment cancelled; choose a method and try again');
    await expect.poll(() => focusedElement(page)).toBe('BUTTON Pay ₹1,499.00');

    // Cancel inside the frame, reached by Tab, closes it as well.
    await page.keyboard.press('Enter');
    await frame.locator('#pay').waitFor();
    await expect.poll(() => frame.locator('#pay').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.gc-overlay').count()).toBe(0);
    await expect.poll(() => focusedElement(page)).toBe('BUTTON Pay ₹1,499.00');

    await page.keyboard.press('Enter');
    await frame.locator('#pay').waitFor();
    await expect.poll(() => frame.locator('#pay').evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape is the pay page's to handle (never while a payment is under way): with focus out of the frame, on the
    // dialog itself, it does not close the payment over the buyer's head.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await page.locator('.gc-overlay').count()).toBe(1);
    await frame.locator('#pay').focus();
    await page.keyboard.press('Enter');
    await page.locator('.gc-done[data-payment-method=gateway]').waitFor();
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('a form at work', () => {
  it('keeps focus on the heading while busy, saying what it does, and on the code field after a resend', async () => {
    const email = 'busy.keyboard@example.com';
    const { page, problems } = await openPage(browser, NARROW);
    await page.clock.install();
    // A slow network: every code request and check takes a second.
    await page.route('**/checkout-email-otp', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(`${w.shop.origin}/`);
    await page.getByLabel('Email').fill(email);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('form[aria-busy=true]').count()).toBe(1);
    expect(await focusedElement(page)).toBe('H3 Sign in with your email');
    expect(await page.getByRole('status').filter({ hasText: 'code' }).textContent()).toBe('Sending a code…');

    const code = page.getByLabel('Code from the email');
    await expect.poll(() => focusedElement(page), { timeout: 5000 }).toBe('INPUT Code from the email');
    const sent = await w.smtp.nextCode(email);
    await page.keyboard.type(sent === '000000' ? '111111' : '000000');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('form[aria-busy=true]').count()).toBe(1);
    expect(await focusedElement(page)).toBe('H3 Enter the code we emailed you');
    expect(await page.getByRole('status').filter({ hasText: 'code' }).textContent()).toBe('Checking the code…');
    await expect.poll(() => code.getAttribute('aria-invalid'), { timeout: 5000 }).toBe('true');
    expect(await focusedElement(page)).toBe('INPUT Code from the email');

    await page.clock.runFor(31_000);
    const resend = page.getByRole('button', { name: 'Resend code', exact: true });
    await resend.focus();
    await page.keyboard.press('Enter');
    const said = page.getByRole('status').filter({ hasText: /code is (on its way|still valid)/ });
    await expect.poll(() => said.count(), { timeout: 5000 }).toBe(1);
    expect(await page.getByRole('button', { name: /Resend code in 30 s/ }).isDisabled()).toBe(true);
    expect(await focusedElement(page)).toBe('INPUT Code from the email');
    await reviewShot(page, 'widget-code-resent-320');
    // The refused code, as the browser logs it.
    expect(pageProblems(problems).filter((p) => !p.includes('401'))).toEqual([]);
    await page.context().close();
  });
});

/** Tabs from where focus is through the widget's controls until focus leaves it; their rings, screenshots named. */
async function tabThrough(page: Page, shots: Record<string, string> = {}): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    const ring = await focusRing(page, 'geopin-checkout');
    if (!ring.inside) break;
    rings.push(ring);
    const shot = Object.keys(shots).find((prefix) => ring.element.startsWith(prefix));
    if (shot) await reviewShot(page, shots[shot]!);
  }
  return rings;
}

describe('forced colours', () => {
  it('shows a focus ring on every control of the saved addresses, the map and the payment step', async () => {
    const email = 'forced.colours@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openSignedIn(email);
    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
    const book = await tabThrough(page, { 'BUTTON Delete': 'widget-forced-book-320' });
    // Forced colours drop backgrounds: a filled button with no border would show as bare text.
    const edges = await page.evaluate(() =>
      [...document.querySelector('geopin-checkout')!.shadowRoot!.querySelectorAll('button.gc-primary')].map((b) => {
        const style = getComputedStyle(b);
        return `${b.textContent}: ${style.borderTopWidth} ${style.borderTopStyle}`;
      }),
    );
    expect(edges).toEqual(['Deliver here: 1px solid']);
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await mapReady(page, '560038');
    const map = await tabThrough(page, { CANVAS: 'widget-forced-map-320', 'BUTTON Zoom in': 'widget-forced-zoom-320' });
    await page.getByRole('button', { name: 'Confirm this location' }).click();
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    const pay = await tabThrough(page, { 'BUTTON Pay': 'widget-forced-pay-320' });
    const rings = [...book, ...map, ...pay];
    for (const control of ['BUTTON Delete Asha Rao', 'CANVAS Map', 'BUTTON Zoom in', 'BUTTON Pay ₹1,499.00'])
      expect(
        rings.some((r) => r.element.startsWith(control)),
        control,
      ).toBe(true);
    expect(rings.filter((r) => !r.ring.endsWith('solid'))).toEqual([]);
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

describe('saved addresses', () => {
  it('edited: an emptied field goes, and a new pincode brings its own city and state', async () => {
    const email = 'edit.moves@example.com';
    const GURGAON = {
      ...HOME,
      building_name: 'DLF Park Place',
      street_name: 'Golf Course Road',
      city: 'Gurgaon',
      state: 'Haryana',
      pincode: '122002',
    };
    await savedAddresses(w, email, [GURGAON]);
    const { page, problems } = await openSignedIn(email);
    await page.locator('.gc-saved-list').waitFor();
    await page.getByRole('button', { name: /^Edit/ }).click();
    await page.getByLabel('Building, apartment').fill('');
    await page.getByLabel('Pincode').fill('110017');
    await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
    expect(await page.getByLabel('City, town').inputValue()).toBe('Delhi');
    await page.getByRole('button', { name: 'Continue to map' }).click();
    await mapReady(page, '110017');
    // What the shop will ship to, as saved.
    const kept = await page.evaluate(() => Object.values({ ...sessionStorage })[0]!);
    const token = (JSON.parse(kept) as { session_token: string }).session_token;
    const [address] = (await w.buyer('/checkout-addresses', { action: 'list' }, token)).data.addresses;
    expect(address).toMatchObject({ building_name: null, city: 'Delhi', state: 'Delhi', pincode: '110017' });
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it("name each address's buttons after it, when two addresses are for the same person", async () => {
    const email = 'two.addresses@example.com';
    await savedAddresses(w, email, [HOME, OFFICE]);
    const { page, problems } = await openSignedIn(email);
    const list = page.locator('.gc-saved-list');
    await list.waitFor();
    const buttons = [...(await list.ariaSnapshot()).matchAll(/button "([^"]+)"/g)].map((m) => m[1]);
    expect(buttons).toEqual([
      'Edit Asha Rao, 12, CMH Road, Karnataka 560038',
      'Delete Asha Rao, 12, CMH Road, Karnataka 560038',
      'Edit Asha Rao, 4th floor, 100 Feet Road, Karnataka 560038',
      'Make default Asha Rao, 4th floor, 100 Feet Road, Karnataka 560038',
      'Delete Asha Rao, 4th floor, 100 Feet Road, Karnataka 560038',
    ]);
    const office = page.locator('.gc-saved', { hasText: '4th floor' });
    await office.getByRole('button', { name: /^Delete/ }).click();
    expect(await office.getByRole('group').getAttribute('aria-label')).toBe(
      'Delete Asha Rao, 4th floor, 100 Feet Road, Karnataka 560038?',
    );
    expect(await office.getByRole('button', { name: /^Yes, delete/ }).textContent()).toBe(
      'Yes, delete Asha Rao, 4th floor, 100 Feet Road, Karnataka 560038',
    );
    await reviewShot(page, 'widget-two-addresses-320');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});

/** The addresses `page`'s signed-in buyer has, read with the session the widget keeps for the tab. */
async function storedAddresses(page: Page): Promise<Array<Record<string, unknown>>> {
  const kept = await page.evaluate(() => Object.values({ ...sessionStorage })[0]!);
  const token = (JSON.parse(kept) as { session_token: string }).session_token;
  return (await w.buyer('/checkout-addresses', { action: 'list' }, token)).data.addresses;
}

describe('a pin outside the typed pincode', () => {
  const question = (page: Page) => page.getByRole('group', { name: /Deliver to the pin anyway\?$/ });

  it('is confirmed after a question that takes focus, named by it, answered by keyboard', async () => {
    const email = 'pin.question@example.com';
    await savedAddresses(w, email, [MISTYPED]);
    const { page, problems } = await openSignedIn(email);
    await page.emulateMedia({ forcedColors: 'active' });
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await mapReady(page, '110024');
    const confirm = page.getByRole('button', { name: 'Confirm this location' });
    await confirm.focus();
    await page.keyboard.press('Enter');
    await question(page).waitFor();
    expect(await question(page).getAttribute('role')).toBe('group');
    const asked = await focusRing(page, 'geopin-checkout');
    expect(asked.element).toMatch(/^P The pin is in pincode 110024 \(/);
    expect(asked.ring).toBe('3px solid');
    const choices: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page, 'geopin-checkout');
      choices.push(`${ring.element} ${ring.ring}`);
    }
    expect(choices).toEqual([
      'BUTTON Use pincode 110024 and continue 3px solid',
      'BUTTON Deliver to the pin anyway 3px solid',
      'BUTTON Move the pin 3px solid',
    ]);
    await reviewShot(page, 'widget-pin-question-320');
    // Escape answers "Move the pin": focus is on the pin, nothing decided.
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedElement(page)).toMatch(/^BUTTON Delivery pin at geopin/);
    expect(await question(page).count()).toBe(0);
    expect(await confirm.isVisible()).toBe(true);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('.gc-pin-status').textContent()).toContain('not 110042 as typed');

    // The moved pin is asked about again; this time the buyer delivers there.
    const pin = await shownPin(page);
    await confirm.focus();
    await page.keyboard.press('Enter');
    await question(page).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedElement(page)).toBe('BUTTON Deliver to the pin anyway');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
    const [address] = await storedAddresses(page);
    expect(address).toMatchObject({ pincode: '110042', latitude: pin.latitude, longitude: pin.longitude });
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });

  it('outside every pincode, offers no pincode to use', async () => {
    const email = 'pin.at.sea@example.com';
    await savedAddresses(w, email, [HOME]);
    const { page, problems } = await openSignedIn(email);
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await mapReady(page, '560038');
    // Off Mumbai in the Arabian Sea.
    await page.getByRole('textbox', { name: 'Geopin' }).fill(encode(18.9, 72.7));
    await expect.poll(() => page.locator('.gc-pin-status').textContent()).toContain('outside every pincode area');
    await page.getByRole('button', { name: 'Confirm this location' }).click();
    await question(page).waitFor();
    expect(await question(page).textContent()).toMatch(
      /^The pin is outside every pincode area, not in 560038 as typed\. Deliver to the pin anyway\?/,
    );
    await expect.poll(() => focusedElement(page)).toMatch(/^P The pin is outside every pincode area/);
    expect(await question(page).getByRole('button').allTextContents()).toEqual([
      'Deliver to the pin anyway',
      'Move the pin',
    ]);
    await reviewShot(page, 'widget-pin-outside-320');
    await question(page).getByRole('button', { name: 'Move the pin' }).click();
    await expect.poll(() => focusedElement(page)).toMatch(/^BUTTON Delivery pin at geopin/);
    expect((await storedAddresses(page))[0]).toMatchObject({ pincode: '560038', latitude: null });
    // No outline holds the pin: the boundaries lookup there answers 404, as the browser logs it.
    expect(pageProblems(problems).filter((p) => !p.includes('404'))).toEqual([]);
    await page.context().close();
  });
});

describe('field errors', () => {
  it('clear as the buyer corrects their field, and come back on the next submit if still wrong', async () => {
    const email = 'errors.clear@example.com';
    const { page, problems } = await openPage(browser, NARROW);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.shop.origin });
    await page.goto(`${w.shop.origin}/`);
    const address = page.getByLabel('Email');
    await address.fill(email.replace('.com', ''));
    await page.keyboard.press('Enter');
    await expect.poll(() => describedText(address)).toContain('Add the ending of the address');
    await page.keyboard.type('.com');
    expect(await describedText(address)).not.toContain('Add the ending');
    expect(await address.getAttribute('aria-invalid')).toBeNull();
    await page.keyboard.press('Enter');
    await page.getByLabel('Code from the email').fill(await w.smtp.nextCode(email));
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Add a delivery address' }).waitFor();
    await page.getByRole('button', { name: 'Continue to map' }).click();
    const alerts = () => page.getByRole('alert').allTextContents();
    await expect
      .poll(alerts)
      .toEqual([
        'Enter the name of the person receiving the order',
        'Enter a mobile number',
        'Enter the 6-digit pincode',
        'Enter a flat or house number, building, street or area',
      ]);
    await page.getByLabel('Full name').pressSequentially('Asha Rao');
    expect(await page.getByLabel('Full name').getAttribute('aria-invalid')).toBeNull();
    // One of four fields answers the flat number's error: a street will do.
    await page.getByLabel('Street, road').pressSequentially('CMH Road');
    expect(await alerts()).toEqual(['Enter a mobile number', 'Enter the 6-digit pincode']);
    await page.getByLabel('Mobile number').pressSequentially('98450');
    expect(await alerts()).toEqual(['Enter the 6-digit pincode']);
    await page.getByRole('button', { name: 'Continue to map' }).click();
    await expect.poll(alerts).toEqual(['Enter all 10 digits', 'Enter the 6-digit pincode']);

    // A paste cut short by the field's length is said, and stays said after the paste's own input.
    await page.evaluate((text) => navigator.clipboard.writeText(text), 'Flat 12, '.repeat(12));
    await page.getByLabel('Flat, house no.').focus();
    await page.keyboard.press('Control+V');
    expect(await describedText(page.getByLabel('Flat, house no.'))).toContain('Only 100 characters fit here');
    await reviewShot(page, 'widget-errors-cleared-320');
    expect(pageProblems(problems)).toEqual([]);
    await page.context().close();
  });
});
