// One buyer's whole checkout on the store's page, start to finish, with every check the "done when" names:
// the stored pin is the confirmed one, the webhook payloads carry it and the payment, axe finds nothing, and the page
// talks to no host but the store, the service and (paying online) the gateway.
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openPage } from '../../dashboard/support/page.ts';
import {
  expectAccessible,
  fillAddress,
  mapReady,
  movePinByGeopinAndDrag,
  movePinByKeyboard,
  pageProblems,
  PHONE,
  signIn,
} from './buyer.ts';
import type { WidgetWorld } from './world.ts';

/** The cart on the store's page, and what the buyer pays with the 10% Instagram offer. */
export const CART_PAISE = 149_900;
export const PAID_PAISE = 134_910;

export type Viewport = { width: number; height: number };

export interface JourneyContext {
  w: WidgetWorld;
  browser: Browser;
  shot: (page: Page, name: string) => Promise<unknown>;
}

/**
 * One buyer, start to finish, on `viewport`, paying by `method`. Screenshots of every step are named
 * `widget-<name>-<step>`. Returns the completion callback's detail.
 */
export async function journey(ctx: JourneyContext, name: string, viewport: Viewport, method: 'cod' | 'gateway') {
  const { w, browser, shot } = ctx;
  const email = `${name}.${method}@example.com`;
  const { page, problems, hosts } = await openPage(browser, viewport);
  const snap = (step: string) => shot(page, `${name}-${step}`);
  await page.goto(`${w.shop.origin}/?utm_source=instagram&utm_medium=social&utm_campaign=insta`);
  await expectAccessible(page, problems);
  await signIn(page, w.smtp, email, snap);

  await fillAddress(
    page,
    {
      name: 'Asha Rao',
      phone: '098450 12345',
      pincode: '560038',
      flat: '12, Lake View',
      street: '100 Feet Road',
      locality: 'Indiranagar',
    },
    { state: 'Karnataka', city: 'Bengaluru' },
  );
  expect(await page.locator('.gc-field', { hasText: 'Pincode' }).textContent()).toContain('Bengaluru Urban district');
  await expectAccessible(page, problems);
  await snap('3-address');
  await page.getByRole('button', { name: 'Continue to map' }).click();

  await mapReady(page, '560038');
  const pin = viewport === PHONE ? await movePinByKeyboard(page) : await movePinByGeopinAndDrag(page);
  await expect.poll(() => page.locator('.gc-pin-status').textContent()).toContain('pincode 560038');
  await expectAccessible(page, problems);
  await snap('4-map');
  await page.getByRole('button', { name: 'Confirm this location' }).click();

  await page.getByRole('heading', { name: 'Review and pay' }).waitFor();
  const summary = (await page.locator('.gc-form').textContent())!;
  for (const text of ['10% off for Instagram', '₹1,499.00', '−₹149.90', '₹1,349.10', pin.geopin])
    expect(summary).toContain(text);
  await expectAccessible(page, problems);
  await snap('5-payment');
  if (method === 'cod') {
    await page.getByLabel('Cash on delivery').check();
    await page.getByRole('button', { name: 'Place order' }).click();
  } else {
    await page.getByLabel(/Pay online/).check();
    await page.getByRole('button', { name: 'Pay ₹1,349.10' }).click();
    const gateway = page.frameLocator('.gc-overlay iframe');
    expect(await gateway.locator('#amount').textContent()).toBe('INR 1349.10');
    await snap('6-gateway');
    await gateway.locator('#pay').click();
  }
  await page.locator(`.gc-done[data-payment-method=${method}]`).waitFor();
  await expectAccessible(page, problems);
  await snap(`7-done-${method}`);
  const detail = JSON.parse((await page.locator('#completed').textContent())!);
  expect(detail).toMatchObject({ payment_method: method, geopin: pin.geopin, amount_paise: PAID_PAISE });
  // Where it goes and the reference the shop finds it by, for the buyer to read or quote.
  const said = await page.locator('.gc-done p').allTextContents();
  expect(said).toContain(
    'Delivering to Asha Rao: 12, Lake View, 100 Feet Road, Indiranagar, Bengaluru, Karnataka 560038',
  );
  expect(said).toContain(`Order reference ${detail.session_id.slice(0, 8)}`);

  // The stored address is the confirmed pin; the events carry it and the payment.
  expect(await w.storedPin(detail.address_id)).toEqual(pin);
  const events = await w.queued(detail.session_id);
  expect(events.map((e) => e.event)).toEqual([
    'session.email_verified',
    'session.address_completed',
    'session.completed',
  ]);
  expect(events[1]!.data.address).toMatchObject({ ...pin, phone: '+919845012345', city: 'Bengaluru' });
  expect(events[2]).toMatchObject({
    event: 'session.completed',
    merchant_id: w.merchant.id,
    buyer_id: detail.buyer_id,
    session_id: detail.session_id,
    auth_channel: 'email',
    timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
  });
  expect(events[2]!.data).toMatchObject({
    payment_method: method,
    amount_paise: PAID_PAISE,
    cart_value_paise: CART_PAISE,
    // The banner's offer the widget took off the cart, recorded by the server with the payment.
    offer: { title: '10% off for Instagram', discount_paise: CART_PAISE - PAID_PAISE },
  });
  if (method === 'gateway')
    expect(events[2]!.data).toMatchObject({
      gateway_order_id: detail.gateway_order_id,
      gateway_payment_id: detail.gateway_payment_id,
    });
  else expect(Object.keys(events[2]!.data).filter((k) => k.startsWith('gateway_'))).toEqual([]);
  expect(pageProblems(problems)).toEqual([]);
  const allowed = [w.shop.origin, w.baseUrl, ...(method === 'gateway' ? [w.gatewayUrl] : [])].map(
    (u) => new URL(u).host,
  );
  expect([...hosts].filter(Boolean).sort()).toEqual(allowed.sort());
  await page.context().close();
  return detail as { session_id: string; buyer_id: string };
}
