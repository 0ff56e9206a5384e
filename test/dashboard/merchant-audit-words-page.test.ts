// Chromium: the audit log in words: money in rupees, times in the console's zone, field and action names a shop owner
// reads, and offers named by their title rather than an id.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, eventually, LAPTOP, openPage, screenshot } from './support/page.ts';
import { signInByApi, signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
/** The key the rotation issued. */
let newKey: string;
const USER = 'owner@audit-words.example';

const offers = async (body: Record<string, unknown>) => {
  const res = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data;
};

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Audit words shop', USER);
  const cod = { enable_cod: true, cod_max_cart_value_paise: 500_000, cod_blocked_pincodes: ['110001', '560001'] };
  expect((await shop.admin('PATCH', 'cod_config', cod)).status).toBe(200);
  const payment = { gateway_key_id: 'rzp_test_words', gateway_secret_key: 'words_secret_0123' };
  expect((await shop.admin('PATCH', 'set_payment_config', payment)).status).toBe(200);
  const offer = await offers({
    action: 'create',
    title: 'New year ₹49.50 off',
    discount_type: 'flat',
    discount_value: 4950,
    starts_at: '2024-12-31T18:30:00.000Z',
  });
  // A change without the title: the entry names the offer by its id only.
  await offers({ action: 'update', offer_id: offer.id, priority: 5, active: false });
  // The key rotated from the console, the old one kept an hour.
  const { cookie, csrf } = await signInByApi(server.baseUrl, '/merchant/api', USER, smtp);
  const rotated = await fetch(`${server.baseUrl}/merchant/api/keys/rotate`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ overlap_hours: 1 }),
  });
  expect(rotated.status).toBe(200);
  newKey = ((await rotated.json()) as { data: { api_key: string } }).data.api_key;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('the audit log in words, in Chromium', () => {
  it('shows rupees, times in the chosen zone, readable names and offers by title', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#audit`, USER, smtp);
    const rows = page.locator('#audit-body tr');
    await eventually(() => rows.count()).toBe(5);
    const [rotation, changed, created, payment, cod] = await rows.allTextContents();

    // Keys by their first 12 characters, as the keys section shows them (the log showed a JSON array).
    expect(rotation).toContain(`Keys that work: ${shop.apiKey.slice(0, 12)}… → ${newKey.slice(0, 12)}…`);
    expect(changed).toContain('Offer changed“New year ₹49.50 off”');
    expect(changed).toContain('Priority: 0 → 5');
    expect(changed).toContain('Switched on: yes → no');
    expect(created).toContain('Offer created“New year ₹49.50 off”');
    expect(created).toContain('Discount: — → ₹49.50');
    expect(created).toContain('Discount type: — → flat amount');
    expect(created).toContain('Show from: — → 01 Jan 2025, 00:00:00 IST');
    expect(payment).toContain('Payment gateway settings');
    expect(payment).toContain('Gateway key id: — → rzp_test_words');
    expect(payment).toContain('Gateway key secret: not set → set');
    expect(cod).toContain('Cash on delivery settings');
    expect(cod).toContain('Cash on delivery: off → on');
    expect(cod).toContain('Largest cart for COD: — → ₹5,000');
    expect(cod).toContain('Pincodes without COD: none → 110001, 560001');
    for (const raw of ['set_payment_config', 'cod_max_cart_value_paise', '500000', '4950', 'T18:30', 'offer_created'])
      expect(await page.locator('#audit-body').textContent()).not.toContain(raw);
    // The API's names stay on the row for whoever reads the page's markup.
    expect(await rows.nth(1).getAttribute('data-action')).toBe('offer_updated');

    await page.locator('#audit').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-audit-words-laptop', false);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Times in').selectOption('UTC');
    await page.locator('#app').waitFor({ state: 'visible' });
    await eventually(() => rows.nth(2).textContent()).toContain('Show from: — → 31 Dec 2024, 18:30:00 UTC');
    expect(problems).toEqual([]);
  });
});
