// A buyer's hands on the widget: signing in with the emailed code, filling an address, moving the pin, paying; plus the
// page checks every step shares (axe, screenshots for docs/).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { decode, encode } from '../../../src/native/digipin.ts';
import { axeViolations, screenshot } from '../../dashboard/support/page.ts';
import type { TestSmtp } from '../../support/smtp.ts';

export const PHONE = { width: 360, height: 740 };

/** A point the buyer confirmed: what the stored address and the webhook must carry. */
export interface Pin {
  latitude: number;
  longitude: number;
  geopin: string;
}

/**
 * Runs axe (WCAG 2.1 A and AA) and expects nothing. axe reads a shadow root's linked stylesheets by copying them into
 * `<style>@import …</style>`, which the store's CSP rightly blocks: those reports come from the check, not the widget.
 */
export async function expectAccessible(page: Page, problems: string[]): Promise<void> {
  const before = problems.length;
  expect(await axeViolations(page)).toEqual([]);
  const during = problems.splice(before);
  problems.push(...during.filter((p) => !p.includes('Applying inline style violates')));
}

/** Browser noise that is not the page's: software GL's performance notes. */
export function pageProblems(problems: string[]): string[] {
  return problems.filter((p) => !p.includes('GL Driver Message'));
}

/** Saves the viewport as test-output/screenshots/widget-<name>.png when `enabled` (one store's run writes them). */
export function shooter(enabled: boolean) {
  return (page: Page, name: string) => (enabled ? screenshot(page, `widget-${name}`, false) : Promise.resolve(''));
}

/** Enters `email`, reads the code from the mail, verifies; `shot` records both steps. */
export async function signIn(page: Page, smtp: TestSmtp, email: string, shot: (n: string) => Promise<unknown>) {
  await page.getByLabel('Email').fill(email);
  await shot('1-email');
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code from the email').fill(await smtp.nextCode(email));
  await expect.poll(() => page.getByRole('button', { name: /Resend code in \d+ s/ }).isDisabled()).toBe(true);
  await shot('2-code');
  await page.getByRole('button', { name: 'Verify' }).click();
}

export interface AddressInput {
  name: string;
  phone: string;
  pincode: string;
  flat: string;
  street: string;
  locality: string;
}

/** Fills the address form; state and city must come from the directory as the pincode is typed. */
export async function fillAddress(page: Page, a: AddressInput, expected: { state: string; city: string }) {
  await page.getByLabel('Full name').fill(a.name);
  await page.getByLabel('Mobile number').fill(a.phone);
  await page.getByLabel('Pincode').fill(a.pincode);
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe(expected.state);
  expect(await page.getByLabel('City, town').inputValue()).toBe(expected.city);
  await page.getByLabel('Flat, house no.').fill(a.flat);
  await page.getByLabel('Street, road').fill(a.street);
  await page.getByLabel('Area, locality').fill(a.locality);
}

/**
 * A new buyer's way to "Review and pay" on the page already open: sign-in, an address in Indiranagar (560038) on
 * `street` for `name`, the map's pin as it starts.
 */
export async function toPayment(
  page: Page,
  smtp: TestSmtp,
  email: string,
  who: { name: string; flat: string; street: string },
) {
  await signIn(page, smtp, email, () => Promise.resolve());
  await fillAddress(
    page,
    { ...who, phone: '98450 12345', pincode: '560038', locality: 'Indiranagar' },
    { state: 'Karnataka', city: 'Bengaluru' },
  );
  await page.getByRole('button', { name: 'Continue to map' }).click();
  await mapReady(page, '560038');
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
}

/** The pin as the map step shows it (its coordinates line). */
export async function shownPin(page: Page): Promise<Pin> {
  const [latitude, longitude] = ((await page.locator('.gc-coordinates').textContent()) ?? '').split(',').map(Number);
  return { latitude: latitude!, longitude: longitude!, geopin: encode(latitude!, longitude!) };
}

/** Waits for the map, the pin's pincode verdict (for `pincode`, when given) and Confirm to be available. */
export async function mapReady(page: Page, pincode?: string): Promise<void> {
  await page.locator('.gc-pin').waitFor();
  await page.locator('canvas').waitFor();
  await expect.poll(() => page.locator('.gc-pin-status').textContent()).toContain(`pincode ${pincode ?? ''}`);
  const confirm = page.getByRole('button', { name: 'Confirm this location' });
  await expect.poll(() => confirm.getAttribute('aria-disabled')).toBeNull();
}

/** What a screen reader reads after a field's label: the text of the elements its aria-describedby names. */
export function describedText(field: Locator): Promise<string> {
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => (el.getRootNode() as Document).getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** Moves the pin with the arrow keys (the keyboard route): two east, three north. */
export async function movePinByKeyboard(page: Page): Promise<Pin> {
  const before = await shownPin(page);
  const pin = page.locator('.gc-pin');
  await pin.focus();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp']) await pin.press(key);
  const after = await shownPin(page);
  expect(after.latitude).toBeCloseTo(before.latitude + 0.0003, 6);
  expect(after.longitude).toBeCloseTo(before.longitude + 0.0002, 6);
  return after;
}

/**
 * Pastes a geopin about 100 m north-east of the pin (the pin must jump to that cell's centre), then drags the pin
 * 30 px west with the mouse.
 */
export async function movePinByGeopinAndDrag(page: Page): Promise<Pin> {
  const start = await shownPin(page);
  const target = encode(start.latitude + 0.0009, start.longitude + 0.0009);
  const centre = decode(target);
  await page.getByRole('textbox', { name: 'Geopin' }).fill(target);
  await expect.poll(async () => (await shownPin(page)).geopin).toBe(target);
  expect((await shownPin(page)).latitude).toBeCloseTo(centre.lat, 5);
  // The map eases to the typed geopin: the drag starts once the pin has stopped moving on screen.
  const pinAt = async () => JSON.stringify(await page.locator('.gc-pin').boundingBox());
  let last = '';
  await expect.poll(async () => last === (last = await pinAt())).toBe(true);
  const box = (await page.locator('.gc-pin').boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 15, y, { steps: 4 });
  await page.mouse.move(x - 30, y, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await shownPin(page)).longitude).toBeLessThan(centre.lon);
  const after = await shownPin(page);
  expect(await page.getByRole('textbox', { name: 'Geopin' }).inputValue()).toBe(after.geopin);
  return after;
}
