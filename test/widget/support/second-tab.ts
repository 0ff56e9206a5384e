// One checkout in three tabs of one browser (each a duplicate of the first, which copies its sessionStorage, so all
// hold the same signed-in session): the order placed in one, another still at "Review and pay" asks to pay the other
// way, and a third reloads. Both show the order as placed, truthfully for its method, place nothing again and offer a
// new checkout.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import { expectAccessible, mapReady, pageProblems, PHONE, toPayment } from './buyer.ts';
import type { JourneyContext } from './journey.ts';

/** A duplicate of `page`'s tab, with the problems and hosts of its own requests. */
async function duplicate(page: Page) {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.evaluate(() => void window.open(window.location.href)),
  ]);
  const problems: string[] = [];
  const hosts = new Set<string>();
  tab.setDefaultTimeout(10_000);
  tab.on('console', (m) => (m.type() === 'error' ? problems.push(`[console.error] ${m.text()}`) : undefined));
  tab.on('pageerror', (err) => problems.push(`[pageerror] ${err.message}`));
  tab.on('request', (r) => hosts.add(new URL(r.url()).host));
  await tab.getByRole('heading', { name: 'Where should we deliver?' }).waitFor();
  return { tab, problems, hosts };
}

/** What the shop page heard from the widget's completion callback. */
async function completion(page: Page): Promise<{ session_id: string } & Record<string, unknown>> {
  await expect.poll(() => page.locator('#completed').textContent()).not.toBe('');
  return JSON.parse((await page.locator('#completed').textContent())!) as { session_id: string };
}

/** How the order was placed in the first tab, and what the second tab asks for instead. */
const WAYS = {
  cod: { other: /Pay online/, said: 'Pay ₹1,499.00 in cash when it arrives.' },
  gateway: { other: 'Cash on delivery', said: 'Payment of ₹1,499.00 received.' },
};

export async function secondTab({ w, browser, shot }: JourneyContext, email: string, method: 'cod' | 'gateway') {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await toPayment(page, w.smtp, email, { name: 'Meera Iyer', flat: '4', street: '12th Main Road' });
  const geopin = (await page.locator('.gc-deliver + .gc-hint .gc-mono').textContent())!;
  const b = await duplicate(page);
  const c = await duplicate(page);
  await b.tab.getByRole('button', { name: 'Deliver here' }).click();
  await mapReady(b.tab, '560038');
  await b.tab.getByRole('button', { name: 'Confirm this location' }).click();
  await b.tab.getByRole('heading', { name: 'Review and pay' }).waitFor();

  // The first tab places the order.
  await page.bringToFront();
  if (method === 'cod') {
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
  } else {
    await page.getByLabel(/Pay online/).check();
    await page.getByRole('button', { name: 'Pay ₹1,499.00' }).click();
    await page.frameLocator('.gc-overlay iframe').locator('#pay').click();
  }
  await page.locator(`.gc-done[data-payment-method=${method}]`).waitFor();
  const placed = await completion(page);
  expect(placed.already_placed).toBeUndefined();

  // The second tab, still at "Review and pay", asks to pay the other way: the order is shown as placed, as it was.
  await b.tab.bringToFront();
  await b.tab.getByLabel(WAYS[method].other).check();
  await b.tab.locator('button[type=submit]').click();
  const done = b.tab.locator(`.gc-done[data-payment-method=${method}]`);
  await done.waitFor();
  expect(await b.tab.getByRole('heading', { level: 3 }).textContent()).toBe('Order placed');
  expect(await done.locator('p').allTextContents()).toEqual([
    `This checkout's order was already placed, in this tab or another one. ${WAYS[method].said}`,
    'Nothing more was ordered or charged.',
    `Delivery to geopin ${geopin}`,
    `Order reference ${placed.session_id.slice(0, 8)}`,
  ]);
  expect(await b.tab.locator('.gc-overlay').count()).toBe(0);
  expect(await completion(b.tab)).toMatchObject({
    session_id: placed.session_id,
    payment_method: method,
    amount_paise: 149_900,
    geopin,
    already_placed: true,
  });
  await expectAccessible(b.tab, b.problems);
  await shot(b.tab, `phone-18-second-tab-${method}`);

  // The third tab reloads: the order at once, not the steps again.
  await c.tab.bringToFront();
  await c.tab.reload();
  await c.tab.locator(`.gc-done[data-payment-method=${method}]`).waitFor();
  expect(await c.tab.locator('.gc-done p').first().textContent()).toContain(WAYS[method].said);
  expect(await c.tab.evaluate(() => sessionStorage.length)).toBe(0);
  await shot(c.tab, `phone-19-reloaded-tab-${method}`);
  // The way on: a new checkout, at the sign-in, the email kept.
  await c.tab.getByRole('button', { name: 'Start a new checkout' }).click();
  await c.tab.getByRole('heading', { name: 'Sign in with your email' }).waitFor();
  expect(await c.tab.getByLabel('Email').inputValue()).toBe(email);
  await expectAccessible(c.tab, c.problems);

  // One order: one session.completed, no gateway order or pay page in the other tabs.
  const events = await w.queued(placed.session_id);
  expect(events.filter((e) => e.event === 'session.completed')).toHaveLength(1);
  const gateway = new URL(w.gatewayUrl).host;
  expect([b.hosts.has(gateway), c.hosts.has(gateway)]).toEqual([false, false]);
  // The refusal the second tab was given, as the browser logs it.
  expect(pageProblems(b.problems)).toEqual([
    '[console.error] Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
  expect([pageProblems(problems), pageProblems(c.problems)]).toEqual([[], []]);
  await page.context().close();
}

/**
 * The second tab was at the gateway when the first placed the order with cash on delivery: its payment completes
 * nothing, and it says the order was placed and that this payment will be refunded.
 */
export async function paidInSecondTab({ w, browser, shot }: JourneyContext, email: string) {
  const { page, problems } = await openPage(browser, PHONE);
  await page.goto(`${w.shop.origin}/`);
  await toPayment(page, w.smtp, email, { name: 'Irfan Ali', flat: '9', street: 'Double Road' });
  const b = await duplicate(page);
  await b.tab.getByRole('button', { name: 'Deliver here' }).click();
  await mapReady(b.tab, '560038');
  await b.tab.getByRole('button', { name: 'Confirm this location' }).click();
  await b.tab.getByLabel(/Pay online/).check();
  await b.tab.getByRole('button', { name: 'Pay ₹1,499.00' }).click();
  const gateway = b.tab.frameLocator('.gc-overlay iframe');
  await gateway.locator('#pay').waitFor();

  await page.bringToFront();
  await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.locator('.gc-done[data-payment-method=cod]').waitFor();
  const placed = await completion(page);

  await b.tab.bringToFront();
  await gateway.locator('#pay').click();
  const done = b.tab.locator('.gc-done[data-payment-method=cod]');
  await done.waitFor();
  expect(await done.locator('p').allTextContents()).toEqual([
    "This checkout's order was already placed, in this tab or another one. Pay ₹1,499.00 in cash when it arrives.",
    'Your payment of ₹1,499.00 here was not used for it; the shop will refund it.',
    expect.stringMatching(/^Delivery to geopin /),
    `Order reference ${placed.session_id.slice(0, 8)}`,
  ]);
  await expectAccessible(b.tab, b.problems);
  await shot(b.tab, 'phone-20-second-tab-refund');
  const order = (await w.admin('GET', `/checkout-admin?action=session&session_id=${placed.session_id}`)).data;
  expect(order.session).toMatchObject({ payment: { method: 'cod' }, refunds_due: 1 });
  expect(pageProblems(b.problems)).toEqual([
    '[console.error] Failed to load resource: the server responded with a status of 409 (Conflict)',
  ]);
  expect(pageProblems(problems)).toEqual([]);
  await page.context().close();
}
