// A buyer whose pincode disagrees with the locality typed: the map opens at the locality, says the pin's pincode, and
// one button makes it the address's (with its district, and its city and state over those the old one gave).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, mapReady, pageProblems, PHONE, signIn } from './buyer.ts';
import type { JourneyContext } from './journey.ts';
import { focusedElement } from './keyboard.ts';
import type { WidgetWorld } from './world.ts';

/** The question Confirm asks about a pin outside the typed pincode. */
const pinQuestion = (page: Page) => page.getByRole('group', { name: /Deliver to the pin anyway\?$/ });

/** The place the buyer's (only) address is stored with. */
function storedAddress(w: WidgetWorld, email: string) {
  return w.prod.sql.get<{ pincode: string; district: string; city: string | null; state: string | null }>(
    'SELECT a.pincode, a.district, a.city, a.state FROM addresses a JOIN buyers b ON b.id = a.buyer_id ' +
      'WHERE b.email = ?',
    [email],
  );
}

export async function mistypedPincode({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await signIn(page, w.smtp, email, () => Promise.resolve());
  await page.getByLabel('Full name').fill('Ravi Kumar');
  await page.getByLabel('Mobile number').fill('98450 12345');
  // Lajpat Nagar IV is 110024; 110042 is a mistyped digit in North Delhi.
  await page.getByLabel('Pincode').fill('110042');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
  await page.getByLabel('City, town').fill('New Delhi');
  await page.getByLabel('Flat, house no.').fill('C-45');
  await page.getByLabel('Area, locality').fill('Lajpat Nagar IV');
  await page.getByRole('button', { name: 'Continue to map' }).click();

  await mapReady(page, '110024');
  const status = page.locator('.gc-pin-status');
  expect(await status.textContent()).toContain('not 110042 as typed');
  const use = page.getByRole('button', { name: 'Use pincode 110024' });
  expect(await use.isVisible()).toBe(true);
  await expectAccessible(page, problems);
  await shot(page, 'phone-10-pincode-mismatch');

  // Confirm asks first, in place of the step's buttons, and the question takes focus.
  const confirm = page.getByRole('button', { name: 'Confirm this location' });
  await confirm.click();
  const question = pinQuestion(page);
  await question.waitFor();
  expect(await question.textContent()).toMatch(/^The pin is in pincode 110024 .*, not 110042 as typed\. Deliver/);
  await expect.poll(() => focusedElement(page)).toMatch(/^P The pin is in pincode 110024/);
  expect(await confirm.isVisible()).toBe(false);
  const choices = question.getByRole('button');
  expect(await choices.allTextContents()).toEqual([
    'Use pincode 110024 and continue',
    'Deliver to the pin anyway',
    'Move the pin',
  ]);
  for (const box of await Promise.all((await choices.all()).map((c) => c.boundingBox())))
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);
  await expectAccessible(page, problems);
  await shot(page, 'phone-10-pincode-question');
  // Moving the pin decides nothing: the buyer is on the pin, and the address keeps its pincode.
  await question.getByRole('button', { name: 'Move the pin' }).click();
  await expect.poll(() => focusedElement(page)).toMatch(/^BUTTON Delivery pin at geopin/);
  expect(await question.isVisible()).toBe(false);
  expect(await storedAddress(w, email)).toMatchObject({ pincode: '110042' });

  await use.click();
  await expect.poll(() => status.textContent()).not.toContain('as typed');
  expect(await status.textContent()).toMatch(/^The pin is in pincode 110024/);
  expect(await use.isVisible()).toBe(false);
  // Keyboard users land on what comes next, not on the page top.
  await expect.poll(() => confirm.evaluate((el) => el === (el.getRootNode() as Document).activeElement)).toBe(true);
  // The city the buyer typed is kept: it is not the one 110042 gave.
  expect(await storedAddress(w, email)).toEqual({
    pincode: '110024',
    district: 'South East',
    city: 'New Delhi',
    state: 'Delhi',
  });
  await expectAccessible(page, problems);
  await shot(page, 'phone-11-pincode-used');

  // The pin is in the address's pincode now: Confirm asks nothing.
  await confirm.click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  expect(await page.locator('.gc-form').textContent()).toContain('110024');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}

/**
 * A buyer in Gurgaon's DLF Phase 1 who typed a Delhi pincode: the form filled Delhi as city and state; Confirm asks,
 * and "Use pincode 122002 and continue" makes them Gurgaon, Haryana, as stored and as the payment step shows.
 */
export async function pincodeInAnotherState({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, DESKTOP);
  await page.goto(`${w.shop.origin}/`);
  await signIn(page, w.smtp, email, () => Promise.resolve());
  await page.getByLabel('Full name').fill('Meera Iyer');
  await page.getByLabel('Mobile number').fill('98450 12345');
  await page.getByLabel('Pincode').fill('110017');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
  expect(await page.getByLabel('City, town').inputValue()).toBe('Delhi');
  await page.getByLabel('Flat, house no.').fill('Tower 8, 1102');
  await page.getByLabel('Area, locality').fill('DLF Phase 1');
  await page.getByRole('button', { name: 'Continue to map' }).click();

  await mapReady(page, '122002');
  const status = page.locator('.gc-pin-status');
  expect(await status.textContent()).toContain('not 110017 as typed');
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  const question = pinQuestion(page);
  await question.waitFor();
  await expect.poll(() => focusedElement(page)).toMatch(/^P The pin is in pincode 122002/);
  await expectAccessible(page, problems);
  await shot(page, 'desktop-10-pincode-question');
  await question.getByRole('button', { name: 'Use pincode 122002 and continue' }).click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  expect(await storedAddress(w, email)).toEqual({
    pincode: '122002',
    district: 'Gurugram',
    city: 'Gurgaon',
    state: 'Haryana',
  });
  expect(await page.locator('.gc-deliver').textContent()).toBe(
    'Deliver to Meera Iyer: Tower 8, 1102, DLF Phase 1, Gurgaon, Haryana 122002',
  );
  await expectAccessible(page, problems);
  await shot(page, 'desktop-11-pincode-other-state');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
