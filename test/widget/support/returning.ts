// A returning buyer on a phone: a wrong code first, then the saved addresses (list, add with mistakes, edit, default,
// delete). Every error must sit under the field it is about, where a screen reader reads it with the field.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { describedText, expectAccessible, mapReady, pageProblems, PHONE, shownPin } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

/** `email` bought before (one saved address, with the pin it confirmed). */
export async function returningBuyer({ w, browser, shot }: JourneyContext & { browser: Browser }, email: string) {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = await w.smtp.nextCode(email);
  const codeField = page.getByLabel('Code from the email');
  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => codeField.getAttribute('aria-invalid')).toBe('true');
  expect(await describedText(codeField)).toMatch(/code/i);
  await expect.poll(() => codeField.evaluate((el) => el === (el.getRootNode() as Document).activeElement)).toBe(true);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
  const saved = page.locator('.gc-saved');
  expect(await saved.count()).toBe(1);
  expect(await saved.textContent()).toContain('Asha Rao · Default');
  await expectAccessible(page, problems);
  await shot(page, 'phone-8-saved');

  await page.getByRole('button', { name: 'Add a new address' }).click();
  await page.getByLabel('Full name').fill('Ravi Rao');
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByLabel('Pincode').fill('999999');
  await expect.poll(() => describedText(page.getByLabel('Pincode'))).toContain('not a pincode India Post knows');
  // Said aloud as it appears, while focus is still in the field.
  expect(await page.getByRole('alert').filter({ hasText: 'not a pincode India Post knows' }).count()).toBe(1);
  // A slow network from here on: submitting must keep the pincode's verdict, not ask for it again.
  await page.route('**/v1/pincode/validate/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Continue to map' }).click();
  await expect.poll(() => describedText(page.getByLabel('Mobile number'))).toContain('Enter all 10 digits');
  expect(await describedText(page.getByLabel('Flat, house no.'))).toContain('Enter a flat or house number');
  expect(await describedText(page.getByLabel('Pincode'))).toContain('not a pincode India Post knows');
  const focused = (el: Element) => el === (el.getRootNode() as Document).activeElement;
  expect(await page.getByLabel('Mobile number').evaluate(focused)).toBe(true);
  await expectAccessible(page, problems);
  await shot(page, 'phone-9-errors');

  await page.unroute('**/v1/pincode/validate/**');
  await page.getByLabel('Mobile number').fill('+91 98111 22334');
  await page.getByLabel('Pincode').fill('110001');
  await expect.poll(() => page.getByLabel('State').inputValue()).toBe('Delhi');
  await page.getByLabel('Flat, house no.').fill('4');
  await page.getByLabel('Street, road').fill('Janpath');
  await page.getByLabel('Make this my default address').check();
  await page.getByRole('button', { name: 'Continue to map' }).click();
  await mapReady(page);
  await page.getByRole('button', { name: 'Back' }).click();

  await expect.poll(() => saved.count()).toBe(2);
  expect(await saved.first().textContent()).toContain('Ravi Rao · Default');
  await saved.filter({ hasText: 'Asha Rao' }).getByRole('button', { name: 'Edit Asha Rao' }).click();
  await page.getByLabel('Full name').fill('Asha R');
  await page.getByRole('button', { name: 'Continue to map' }).click();
  await mapReady(page, '560038');
  // A new name keeps the pin the buyer confirmed last time: the map opens on it.
  const kept = await w.prod.sql.get("SELECT latitude, longitude, geopin FROM addresses WHERE name = 'Asha R'");
  expect(await shownPin(page)).toEqual(kept);
  await page.getByRole('button', { name: 'Back' }).click();
  // Back from the map keeps the address the buyer went on with chosen, not the default (Ravi's).
  await expect.poll(() => saved.filter({ hasText: 'Asha R' }).getByRole('radio').isChecked()).toBe(true);

  await saved.filter({ hasText: 'Asha R' }).getByRole('button', { name: 'Make default Asha R' }).click();
  await expect.poll(() => saved.first().textContent()).toContain('Asha R · Default');
  // Delete asks once more: "Keep it" keeps the address, "Yes, delete" deletes it.
  const ravi = saved.filter({ hasText: 'Ravi Rao' });
  await ravi.getByRole('button', { name: 'Delete Ravi Rao' }).click();
  await ravi.getByRole('button', { name: 'Keep it' }).click();
  expect(await saved.count()).toBe(2);
  await ravi.getByRole('button', { name: 'Delete Ravi Rao' }).click();
  expect(await ravi.textContent()).toContain('Delete this address?');
  await shot(page, 'phone-16-delete-asks');
  await ravi.getByRole('button', { name: 'Yes, delete Ravi Rao' }).click();
  await expect.poll(() => saved.count()).toBe(1);
  await expectAccessible(page, problems);
  // The refused code, as the browser logs it.
  expect(pageProblems(problems)).toEqual([
    '[console.error] Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ]);
  await page.context().close();
}
