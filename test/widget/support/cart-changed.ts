// The shop's server changes the total while the buyer is at the gateway: the payment taken completes nothing, the
// buyer is told in rupees that it will be refunded and shown the new total, and pays that; the merchant sees the
// refund due on the order.
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, pageProblems, PHONE, toPayment } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

export async function cartChanged({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await toPayment(page, w.smtp, email, { name: 'Farah Khan', flat: '22', street: 'CMH Road' });
  const listed = await w.admin('GET', `/checkout-admin?action=sessions&q=${encodeURIComponent(email)}`);
  const sessionId = listed.data.sessions[0].id as string;

  await page.getByLabel(/Pay online/).check();
  await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click();
  const gateway = page.frameLocator('.gc-overlay iframe');
  await gateway.locator('#pay').waitFor();
  await w.admin('POST', '/checkout-admin?action=set_session_cart', {
    session_id: sessionId,
    cart_value_paise: 159_900,
  });
  await gateway.locator('#pay').click();

  const said = page.getByRole('alert').filter({ hasText: 'refund' });
  await expect
    .poll(() => said.textContent())
    .toBe(
      'Your payment of ₹1,499.00 was not used for this order; the shop will refund it. ' +
        'The shop has changed the total to ₹1,599.00: check it, then place the order again.',
    );
  expect(await page.locator('.gc-summary').textContent()).toBe('Total (set by the shop)₹1,599.00');
  expect(await page.getByText('Pay online ₹1,599.00').isVisible()).toBe(true);
  await expectAccessible(page, problems);
  await shot(page, 'phone-17-total-changed');

  await page.getByRole('button', { name: 'Pay ₹1,599.00' }).click();
  expect(await gateway.locator('#amount').textContent()).toBe('INR 1599.00');
  await gateway.locator('#pay').click();
  await page.locator('.gc-done[data-payment-method=gateway]').waitFor();
  const order = (await w.admin('GET', `/checkout-admin?action=session&session_id=${sessionId}`)).data;
  expect(order.session.payment.amount_paise).toBe(159_900);
  const refused = order.orders.filter((o: { refused_payments: unknown[] }) => o.refused_payments.length > 0);
  expect(refused).toMatchObject([{ amount_paise: 149_900, refused_payments: [{ reason: 'amount_mismatch' }] }]);
  // The refused verify, as the browser logs it.
  expect(pageProblems(problems).filter((p) => !p.includes('409'))).toEqual([]);
  await page.context().close();
}
