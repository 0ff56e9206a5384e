// Chromium: paging and exporting a busy shop's orders: exactly those listed, each once, new ones offered apart.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { insertOrders } from './support/bulk-orders.ts';
import { addUser, buyerSession, createMerchant, refundDue, type MerchantFixture } from './support/merchant-fixture.ts';
import { DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { readCsv } from './support/read-csv.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
let first: string;
let buyerId: string;
/** The orders as the list shows them: newest first. */
let listed: string[];
const USER = 'owner@busy-bazaar.example';
/** More than the 10,000 rows an export used to stop at. */
const ORDERS = 10_123;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env });
  shop = await createMerchant(server, 'Busy Bazaar', USER);
  // More of the shop's people (a person's sign-in codes are limited per hour).
  for (const email of ['desk@busy-bazaar.example', 'ops@busy-bazaar.example', 'utm@busy-bazaar.example']) {
    addUser(server, shop.id, email);
  }
  first = await buyerSession(server, smtp, shop.id, 'first@example.in');
  await refundDue(server, shop.id, first, {
    orderId: 'order_Busy0001',
    paymentId: 'pay_Busy0001',
    amountPaise: 249_900,
  });
  const buyer = await server.parts.sql.get<{ buyer_id: string }>(
    'SELECT buyer_id FROM checkout_sessions WHERE id = ?',
    [first],
  );
  // 450 at one instant: pages of 200 end among orders of the same millisecond, twice.
  buyerId = buyer!.buyer_id;
  const bulk = await insertOrders(server, {
    merchantId: shop.id,
    buyerId,
    count: ORDERS - 1,
    newest: new Date(Date.now() - 60_000),
    sameInstant: 450,
  });
  listed = [first, ...bulk];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** Clicks Export CSV and returns the saved file's header and rows. */
async function exportCsv(page: Page): Promise<{ header: string[]; rows: string[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const [header, ...rows] = readCsv(readFileSync(await download.path(), 'utf8'));
  return { header: header!, rows };
}

describe('paging and exporting orders in Chromium', () => {
  it('exports every order of a busy month, past 10,000, each once, and says how many', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
    const line = page.locator('#sessions-status-line');
    await eventually(() => line.textContent()).toBe('10,123 orders');
    expect(await page.locator('#sessions-page').textContent()).toBe('1–20 of 10,123');

    const { header, rows } = await exportCsv(page);
    const ids = rows.map((r) => r[header.indexOf('order_id')]);
    expect(rows).toHaveLength(ORDERS);
    expect(new Set(ids).size).toBe(ORDERS);
    await eventually(() => line.textContent()).toBe('Exported 10,123 orders');
    await page.locator('#sessions').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-exported-all', false);
    expect(problems).toEqual([]);
  }, 120_000);

  it('exports the orders listed (the filters applied), not filters typed but not applied, and says so', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'desk@busy-bazaar.example', smtp);
    const line = page.locator('#sessions-status-line');
    await eventually(() => line.textContent()).toBe('10,123 orders');
    await page.getByLabel('Refunds', { exact: true }).selectOption('true');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => line.textContent()).toBe('1 order');
    // The gateway took ₹2,499 that completed nothing: taken and owed back, not "unpaid".
    const payment = page.locator('#sessions-body td[data-label="Payment"]');
    expect(await payment.textContent()).toBe('payment taken, not completed · refund due ₹2,499');
    await payment.scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-payment-taken-phone', false);
    const pending = page.locator('#sessions-pending');
    expect(await pending.isVisible()).toBe(false);

    await page.getByLabel('Name, email, phone, pincode or id').fill('bulk2');
    await page.getByLabel('Refunds', { exact: true }).selectOption('');
    expect(await pending.isVisible()).toBe(true);
    expect(await pending.textContent()).toContain('Export CSV, still use the filters last applied');
    await page.locator('#sessions-filter').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-filters-not-applied-phone', false);
    const { header, rows } = await exportCsv(page);
    const cell = (name: string) => rows[0]![header.indexOf(name)];
    expect(rows).toHaveLength(1);
    expect([cell('email'), cell('refunds_due'), cell('refund_due_rupees')]).toEqual([
      'first@example.in',
      '1',
      '2499.00',
    ]);
    await eventually(() => line.textContent()).toBe('Exported 1 order');
    expect(problems).toEqual([]);
  });

  it('pages without repeats while buyers check out, offers the new orders, exports the orders listed', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'ops@busy-bazaar.example', smtp);
    const line = page.locator('#sessions-status-line');
    await eventually(() => line.textContent()).toBe('10,123 orders');
    const shown = () =>
      page.locator('#sessions-body tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-session-id')));
    expect(await shown()).toEqual(listed.slice(0, 20));

    // Three buyers check out while the merchant reads the first page.
    const fresh = await insertOrders(server, {
      merchantId: shop.id,
      buyerId,
      count: 3,
      newest: new Date(),
      sameInstant: 3,
      email: (i) => `new${i}@example.in`,
    });
    await page.locator('#sessions-next').click();
    await eventually(() => page.locator('#sessions-page').textContent()).toBe('21–40 of 10,123');
    expect(await shown()).toEqual(listed.slice(20, 40));
    const newer = page.getByRole('button', { name: '3 new orders: show them' });
    await eventually(() => newer.isVisible()).toBe(true);
    await page.locator('#sessions-status-line').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-new-orders', false);

    const { header, rows } = await exportCsv(page);
    expect(rows).toHaveLength(ORDERS);
    expect(rows.map((r) => r[header.indexOf('order_id')])).toEqual(listed);

    await newer.click();
    await eventually(() => line.textContent()).toBe('10,126 orders');
    expect(await shown()).toEqual([...fresh, ...listed.slice(0, 17)]);
    expect(await newer.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  }, 60_000);

  it('makes one file of a double click, with every UTM field of the order and who and where it ships to', async () => {
    await server.parts.sql.run(
      `UPDATE checkout_sessions SET utm_source = 'instagram', utm_medium = 'social', utm_campaign = 'diwali',
         utm_term = 'masala chai', utm_content = 'reel-2' WHERE id = ?`,
      [first],
    );
    const at = new Date().toISOString();
    await server.parts.sql.run(
      `INSERT INTO addresses (id, merchant_id, buyer_id, name, phone, flat_number, building_name, street_name, locality,
         landmark, city, district, state, pincode, created_at, updated_at)
       VALUES ('a1', ?, ?, 'Ritu Ghosh', '+919830045045', '3B', 'Lake View', 'Rash Behari Avenue', 'Gariahat',
         'Opp. Dakshinapan, Gate 2', 'Kolkata', 'Kolkata', 'West Bengal', '700029', ?, ?)`,
      [shop.id, buyerId, at, at],
    );
    await server.parts.sql.run(`UPDATE checkout_sessions SET selected_address_id = 'a1' WHERE id = ?`, [first]);
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'utm@busy-bazaar.example', smtp);
    await page.getByLabel('Name, email, phone, pincode or id').fill('first@example.in');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    // A server slow enough for the second click to land while the first export runs.
    await page.route(
      (url) => url.pathname === '/checkout-admin' && url.searchParams.get('action') === 'sessions',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      },
    );
    const downloads: string[] = [];
    page.on('download', (d) => downloads.push(d.suggestedFilename()));
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).dblclick();
    expect(await page.getByRole('button', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBe('true');
    const [header, ...rows] = readCsv(readFileSync(await (await saved).path(), 'utf8'));
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('Exported 1 order');
    await page.waitForTimeout(1000);
    expect(downloads).toHaveLength(1);
    expect(await page.getByRole('button', { name: 'Export CSV' }).getAttribute('aria-disabled')).toBe(null);
    const utm = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];
    expect(utm.map((name) => rows[0]![header!.indexOf(name)])).toEqual([
      'instagram',
      'social',
      'diwali',
      'masala chai',
      'reel-2',
    ]);
    const shipping = ['ship_name', 'ship_phone', 'ship_address', 'ship_city', 'ship_district', 'ship_state', 'pincode'];
    expect(shipping.map((name) => rows[0]![header!.indexOf(name)])).toEqual([
      'Ritu Ghosh',
      // An Indian number as couriers' uploads take it: no +91, which a spreadsheet would read as a formula.
      '9830045045',
      '3B, Lake View, Rash Behari Avenue, Gariahat, Opp. Dakshinapan, Gate 2',
      'Kolkata',
      'Kolkata',
      'West Bengal',
      '700029',
    ]);
    expect(problems).toEqual([]);
  });
});
