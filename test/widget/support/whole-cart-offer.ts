// A campaign's flat offer worth more than the cart: the buyer is not shown it and pays the cart, instead of a ₹0
// total that neither the gateway nor cash on delivery can take.
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { pageProblems, PHONE, toPayment } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

export async function wholeCartOffer({ w, browser, shot }: JourneyContext, email: string): Promise<void> {
  await w.admin('POST', '/checkout-offers', {
    action: 'create',
    title: '₹2000 off for the sale',
    discount_type: 'flat',
    discount_value: 200_000,
    utm_rules: { utm_campaign: 'bigsale' },
  });
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/?utm_source=newsletter&utm_campaign=bigsale`);
  await toPayment(page, w.smtp, email, { name: 'Meena Iyer', flat: '4B', street: '12th Main' });
  const summary = (await page.locator('.gc-form').textContent())!;
  expect(summary).toContain('₹1,499.00');
  expect(summary).not.toContain('₹2000 off');
  expect(summary).not.toContain('₹0.00');
  expect(await page.locator('.gc-offer').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Pay ₹1,499.00' }).isVisible()).toBe(true);
  await shot(page, 'phone-14-offer-worth-the-cart');
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
