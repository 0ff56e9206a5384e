// A buyer whose pincode disagrees with the locality typed: the map opens at the locality, says which pincode the pin
// is in, and one button makes that the address's pincode (its district follows), before the location is confirmed.
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, mapReady, pageProblems, PHONE, signIn } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

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
  await use.click();
  await expect.poll(() => status.textContent()).not.toContain('as typed');
  expect(await status.textContent()).toMatch(/^The pin is in pincode 110024/);
  expect(await use.isVisible()).toBe(false);
  // Keyboard users land on what comes next, not on the page top.
  const confirm = page.getByRole('button', { name: 'Confirm this location' });
  await expect.poll(() => confirm.evaluate((el) => el === (el.getRootNode() as Document).activeElement)).toBe(true);
  const stored = () =>
    w.prod.sql.get<{ pincode: string; district: string }>(
      `SELECT a.pincode, a.district FROM addresses a JOIN buyers b ON b.id = a.buyer_id WHERE b.email = ?`,
      [email],
    );
  expect(await stored()).toEqual({ pincode: '110024', district: 'South East' });
  await expectAccessible(page, problems);
  await shot(page, 'phone-11-pincode-used');

  await confirm.click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  expect(await page.locator('.gc-form').textContent()).toContain('110024');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
