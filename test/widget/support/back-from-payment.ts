// A buyer at the payment step who sees the wrong address: Back reaches the map and then the saved addresses, and the
// corrected address is what the payment step shows, without signing in again.
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, mapReady, pageProblems, PHONE, toPayment } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

export async function backFromPayment({ w, browser }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await toPayment(page, w.smtp, email, { name: 'Kiran Das', flat: '7', street: '80 Feet Road' });
  expect(await page.locator('.gc-deliver').textContent()).toContain('7, 80 Feet Road');

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('heading', { name: 'Confirm the delivery location' }).waitFor();
  // The map's Back leads to the saved addresses, where this one is edited.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Edit Kiran Das' }).click();
  await page.getByLabel('Flat, house no.').fill('17');
  await page.getByRole('button', { name: 'Continue to map' }).click();
  await mapReady(page, '560038');
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  expect(await page.locator('.gc-deliver').textContent()).toContain('17, 80 Feet Road');
  await expectAccessible(page, problems);
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
