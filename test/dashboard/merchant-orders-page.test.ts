// Chromium on a phone and a desktop: find one order by email and open its page; filter orders by date and export a CSV.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from './support/read-csv.ts';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import {
  addUser,
  createMerchant,
  placeOrder,
  type MerchantFixture,
  type PlacedOrder,
} from './support/merchant-fixture.ts';
import { axeViolations, DESKTOP, eventually, horizontalOverflow, openPage, PHONE, screenshot } from './support/page.ts';
import { startSwitchableReceiver, type SwitchableReceiver } from './support/receiver.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let receiver: SwitchableReceiver;
let browser: Browser;
let shop: MerchantFixture;
let asha: PlacedOrder;
let old: PlacedOrder;
const USER = 'owner@chai.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startSwitchableReceiver(200);
  server = await startTestServer({ ...smtp.env, WEBHOOK_POLL_MS: '20', CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Chai & Co', USER);
  for (const [action, body] of [
    ['webhooks', { webhook_url: receiver.url }],
    ['cod_config', { enable_cod: true }],
    ['set_payment_config', { gateway_key_id: 'rzp_test_chai', gateway_secret_key: 'chai_secret_0123' }],
  ] as const)
    expect((await shop.admin('PATCH', action, body)).status).toBe(200);
  asha = await placeOrder(server, smtp, shop, {
    email: 'asha.rao@example.in',
    cartPaise: 15_000_050,
    pincode: '560001',
    street: 'MG Road',
    utm: { utm_source: 'instagram', utm_campaign: 'diwali' },
  });
  old = await placeOrder(server, smtp, shop, {
    email: 'ravi@example.in',
    cartPaise: 49_900,
    pincode: '110001',
    street: 'Connaught Place',
    phone: '98450 12345',
  });
  // Ravi ordered ten days ago: the date filter must leave him out of today's list.
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString();
  await server.parts.sql.run('UPDATE checkout_sessions SET created_at = ? WHERE id = ?', [tenDaysAgo, old.sessionId]);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
  await smtp?.close();
});

const istDay = (offset = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offset * 86_400_000));
const today = () => istDay();

describe('merchant orders in Chromium', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: finds an order by email and shows its page with address, map, payment and timeline`, async () => {
      const { page, problems, hosts } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
      // Four characters of an order id find nothing, and the page says how many it takes.
      await page.getByLabel('Name, email, phone, pincode or id').fill(asha.sessionId.slice(0, 4));
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-body').textContent()).toMatch(
        /^No orders match these filters\. An order id is found from its first 8 characters\./,
      );
      await page.getByLabel('Name, email, phone, pincode or id').fill('asha.rao');
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
      const row = page.locator('#sessions-body tr').first();
      await eventually(() => row.textContent()).toContain('asha.rao@example.in');
      expect(await row.textContent()).toContain('₹1,50,000.50');
      await row.getByRole('link').click();

      await eventually(() => page.locator('#order-title').textContent()).toBe('Order of asha.rao@example.in');
      const order = page.locator('#order');
      expect(await order.locator('.facts').first().textContent()).toContain(asha.sessionId);
      expect(await order.textContent()).toContain('cash on delivery ₹1,50,000.50');
      // Cash on delivery is placed, not paid: the cash comes with the parcel.
      expect(await order.locator('.facts').first().textContent()).toMatch(/Placed at\d{2} \w{3} \d{4}/);
      expect(await order.locator('.facts').first().textContent()).not.toContain('Paid at');
      expect(await order.locator('address').textContent()).toContain('12MG Road');
      expect(await order.textContent()).toMatch(/Geopin[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}/);
      const map = order.getByRole('img', {
        name: /^Map: the pin .* km from the centre of pincode 560001, (inside|outside) its boundary$/,
      });
      expect(await map.count()).toBe(1);
      // The pincode's boundary is drawn, with the pin on the side of it the label says.
      expect(await map.locator('path.map-area').count()).toBe(1);
      const answer = await fetch(`${server.baseUrl}/checkout-admin?action=session&session_id=${asha.sessionId}`, {
        headers: { 'x-api-key': shop.apiKey },
      });
      const pinPincode = ((await answer.json()) as { data: { address: { pin_pincode: string } } }).data.address
        .pin_pincode;
      const inside = (await map.getAttribute('aria-label'))!.endsWith('inside its boundary');
      expect(inside).toBe(pinPincode === '560001');
      // The timeline, to the second in IST: sign-in, address, COD, and the three webhooks sent about it.
      const steps = order.locator('.timeline-item');
      await eventually(async () => (await steps.allTextContents()).filter((t) => t.includes('webhook')).length).toBe(3);
      const story = await steps.allTextContents();
      expect(story[0]).toMatch(/^\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} ISTcheckoutbuyer verified/);
      // In words, not the API's codes; webhook events keep the names the merchant's server knows.
      for (const step of ['address given', 'cash on delivery chosen', 'order completed', 'session.completed'])
        expect(story.some((t) => t.includes(step))).toBe(true);
      expect(story.join(' ')).not.toMatch(/(?<!session\.)address_completed|cod_recorded/);
      expect(await order.locator('details.webhook').count()).toBe(3);
      await order.locator('details.webhook summary', { hasText: 'session.completed' }).click();
      expect(await order.locator('details.webhook[open] .payload').textContent()).toContain('"payment_method": "cod"');

      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `merchant-order-${device}`);
      await page.getByRole('link', { name: '← All orders' }).click();
      await eventually(() => page.locator('#order').isHidden()).toBe(true);
      expect(problems).toEqual([]);
      expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
    });

    it(`on a ${device}: filters orders by date and exports exactly those as a CSV file`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('2 orders');
      await page.getByLabel('From', { exact: true }).fill(today());
      await page.getByLabel('To', { exact: true }).fill(today());
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
      expect(await page.locator('#sessions-body').textContent()).not.toContain('ravi@example.in');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`orders-${today()}-to-${today()}.csv`);
      const [header, ...rows] = readCsv(readFileSync(await download.path(), 'utf8'));
      expect(header!.slice(0, 7)).toEqual([
        'order_id',
        'created_at',
        'created',
        'email',
        'status',
        'pincode',
        'cart_rupees',
      ]);
      expect(rows).toHaveLength(1);
      const cell = (name: string) => rows[0]![header!.indexOf(name)];
      expect([cell('order_id'), cell('email'), cell('status'), cell('pincode')]).toEqual([
        asha.sessionId,
        'asha.rao@example.in',
        'completed',
        '560001',
      ]);
      expect([cell('cart_rupees'), cell('amount_rupees'), cell('payment_method'), cell('utm_campaign')]).toEqual([
        '150000.50',
        '150000.50',
        'cod',
        'diwali',
      ]);
      expect(cell('created')).toMatch(/ IST$/);
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('Exported 1 order');

      const before = new Date(Date.now() - 12 * 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel('From', { exact: true }).fill(before);
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('2 orders');
      await page.getByLabel('Payment', { exact: true }).selectOption('cod');
      await page.getByLabel('Name, email, phone, pincode or id').fill('110001');
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-body tr').first().textContent()).toContain('ravi@example.in');
      expect(await page.locator('#sessions-body tr').count()).toBe(1);
      // Ravi calls support: the number he gives, as he says it, finds his order.
      await page.getByLabel('Name, email, phone, pincode or id').fill('+91 98450-12345');
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
      expect(await page.locator('#sessions-body tr').first().textContent()).toContain('ravi@example.in');
      await page.locator('#sessions').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-orders-${device}-screen`, false);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it('puts a refund due above an order: a gateway payment that was taken and completed nothing', async () => {
    // The server's side (verify refusing the payment and keeping it) is test/payments/refused-payments.test.ts.
    const at = new Date().toISOString();
    await server.parts.sql.run(
      `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id,
         created_at) VALUES (?, ?, ?, ?, 'INR', ?, ?)`,
      ['order_Refund1', shop.id, old.sessionId, 49_900, 'rzp_test_chai', at],
    );
    await server.parts.sql.run(
      `INSERT INTO refused_payments (gateway_payment_id, gateway_order_id, merchant_id, session_id, reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
      ['pay_Refund1', 'order_Refund1', shop.id, old.sessionId, 'session_already_paid', at],
    );
    // Another of the shop's people (a person's sign-in codes are limited per hour).
    const support = 'support@chai.example';
    addUser(server, shop.id, support);
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${old.sessionId}`, support, smtp);
    const notice = page.getByRole('alert');
    await eventually(() => notice.textContent()).toContain('A refund is due');
    const said = await notice.textContent();
    expect(said).toMatch(/Gateway payment pay_Refund1 \(₹499, order order_Refund1\) was taken at .* but completed/);
    expect(said).toContain('nothing: the order was already paid. Refund it');
    const refused = page.locator('.timeline-item[data-event="payment_refused"]');
    expect(await refused.locator('strong').textContent()).toBe('payment taken, not completed');
    expect(await refused.locator('.timeline-detail').textContent()).toBe(
      'pay_Refund1: the order was already paid; refund it',
    );
    // The buyer's phone as people write it, not +919845012345.
    expect(await page.locator('#order address').textContent()).toContain('+91 98450 12345');
    // On a phone the number calls the buyer with one tap.
    expect(
      await page.locator('#order address').getByRole('link', { name: '+91 98450 12345' }).getAttribute('href'),
    ).toBe('tel:+919845012345');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-order-refund-due');

    // Support looks for every order that owes a refund: the list marks it, and its filter lists only those.
    await page.evaluate(() => (window.location.hash = '#sessions'));
    await page.getByLabel('Refunds', { exact: true }).selectOption('true');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    const row = page.locator('#sessions-body tr').first();
    expect(await row.textContent()).toContain('ravi@example.in');
    expect(await row.locator('td[data-label="Payment"]').textContent()).toBe('cash on delivery ₹499 · refund due ₹499');
    await screenshot(page, 'merchant-orders-refund-due', false);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('keeps the filters applied when the time zone is changed (the page reloads)', async () => {
    const desk = 'desk@chai.example';
    addUser(server, shop.id, desk);
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, desk, smtp);
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('2 orders');
    // Yesterday in IST: today's orders stay in it in UTC too, whatever the hour (IST's today may be UTC's tomorrow).
    await page.getByLabel('From', { exact: true }).fill(istDay(-1));
    await page.getByLabel('Payment', { exact: true }).selectOption('cod');
    await page.getByLabel('Name, email, phone, pincode or id').fill('asha');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    await page.getByLabel('Times in').selectOption('UTC');
    await page.waitForLoadState('load');
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    expect(await page.getByLabel('Name, email, phone, pincode or id').inputValue()).toBe('asha');
    expect(await page.getByLabel('Payment', { exact: true }).inputValue()).toBe('cod');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(istDay(-1));
    expect(await page.locator('#sessions-body').textContent()).toContain('asha.rao@example.in');
    expect(problems).toEqual([]);
  });

  it('says an order link that names no order of the shop cannot be loaded, and stops "Loading"', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#order/00000000-0000-4000-8000-000000000000`, USER, smtp);
    const body = page.locator('#order-body');
    await eventually(() => body.textContent()).toMatch(/^Could not load the order: No session /);
    expect(await body.textContent()).not.toContain('Loading');
    expect(await page.locator('#order-title').textContent()).toBe('Order');
    // The refused lookup, as the browser logs it.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  });
});
