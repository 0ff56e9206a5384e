// Chromium: an order whose amount is the cart less an offer says which offer, in the list and on its page, so support
// tells a discount from an amount a buyer changed.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, placeOrder, type MerchantFixture, type PlacedOrder } from './support/merchant-fixture.ts';
import { readCsv } from './support/read-csv.ts';
import { axeViolations, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
let discounted: PlacedOrder;
let changed: PlacedOrder;
const USER = 'owner@offers-paid.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Offers shop', USER);
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  const offer = { action: 'create', title: 'Diwali ₹50 off', discount_type: 'flat', discount_value: 5_000 };
  const created = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': shop.apiKey },
    body: JSON.stringify(offer),
  });
  expect(created.status).toBe(200);
  const order = { cartPaise: 50_000, pincode: '560001', street: 'MG Road', amountFrom: 'page' as const };
  discounted = await placeOrder(server, smtp, shop, { ...order, email: 'diwali@example.in', paidPaise: 45_000 });
  // ₹430: no offer takes ₹70 off, so none is named.
  changed = await placeOrder(server, smtp, shop, { ...order, email: 'changed@example.in', paidPaise: 43_000 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('the offer an order was paid with, in Chromium', () => {
  it('is named in the orders list and on the order page; an amount no offer explains names none', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
    const payment = (order: PlacedOrder) =>
      page.locator(`#sessions-body tr[data-session-id="${order.sessionId}"] td[data-label="Payment"]`);
    await eventually(() => payment(discounted).textContent()).toBe('cash on delivery ₹450 · offer Diwali ₹50 off −₹50');
    expect(await payment(changed).textContent()).toBe('cash on delivery ₹430');
    await screenshot(page, 'merchant-orders-offer-paid-phone', false);

    // The export carries it too, with who set the cart.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const [header, ...rows] = readCsv(readFileSync(await download.path(), 'utf8'));
    const columns = ['email', 'cart_rupees', 'amount_rupees', 'cart_set_by', 'offer_title', 'discount_rupees'];
    const picked = rows.map((r) => columns.map((c) => r[header!.indexOf(c)])).sort();
    expect(picked).toEqual([
      ['changed@example.in', '500.00', '430.00', 'page', '', ''],
      ['diwali@example.in', '500.00', '450.00', 'page', 'Diwali ₹50 off', '50.00'],
    ]);

    await page.locator(`#sessions-body tr[data-session-id="${discounted.sessionId}"] a`).click();
    const facts = page.locator('#order-body dl.facts').first();
    await eventually(() => facts.textContent()).toContain('OfferDiwali ₹50 off: ₹50 off the cart');
    // Said once on the page: the payment's line keeps to how and how much.
    expect(await facts.textContent()).toContain('Paymentcash on delivery ₹450Offer');
    await screenshot(page, 'merchant-order-offer-paid-phone');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
