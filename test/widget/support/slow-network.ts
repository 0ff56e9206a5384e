// A buyer on a slow network taps "Continue to map" again while the map step loads: the address is saved once, and the
// form says what it is doing meanwhile.
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { fillAddress, mapReady, pageProblems, PHONE, signIn } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

export async function slowNetwork({ w, browser }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await signIn(page, w.smtp, email, () => Promise.resolve());
  await fillAddress(
    page,
    {
      name: 'Uma Nair',
      phone: '98450 12345',
      pincode: '560038',
      locality: 'Indiranagar',
      flat: '9',
      street: 'CMH Road',
    },
    { state: 'Karnataka', city: 'Bengaluru' },
  );
  // The address saves at once; what the map step asks for (geocode, outlines) takes 1.5 s each.
  await page.route('**/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue().catch(() => undefined);
  });
  const submit = page.getByRole('button', { name: 'Continue to map' });
  await submit.click();
  await expect.poll(() => page.locator('.gc-form').textContent()).toContain('Saving the address…');
  await page.waitForTimeout(800);
  expect(await submit.isDisabled()).toBe(true);
  await submit.click({ force: true, timeout: 1000 }).catch(() => undefined);
  await mapReady(page, '560038');
  await page.unroute('**/v1/**');
  const listed = await w.admin('GET', `/checkout-admin?action=sessions&q=${encodeURIComponent(email)}`);
  const buyer = listed.data.sessions[0].buyer_id as string;
  expect(await w.prod.sql.get('SELECT COUNT(*) AS n FROM addresses WHERE buyer_id = ?', [buyer])).toEqual({ n: 1 });
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
