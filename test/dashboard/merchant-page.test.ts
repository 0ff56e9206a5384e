// Chromium drives /merchant end to end: sign in with a mailed code, funnel, sessions, redeliver a failed webhook, import a CSV.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import {
  buyerSession,
  createMerchant,
  customerCsv,
  funnelTraffic,
  type MerchantFixture,
} from './support/merchant-fixture.ts';
import {
  axeViolations,
  eventually,
  horizontalOverflow,
  openPage,
  PHONE,
  screenshot,
  unlabelledFields,
} from './support/page.ts';
import { startSwitchableReceiver, type SwitchableReceiver } from './support/receiver.ts';
import { signInByMail } from './support/sign-in.ts';
import { waitFor } from './support/wait.ts';

let smtp: TestSmtp;
let receiver: SwitchableReceiver;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@chai.example';
const BUYER = 'buyer@example.in';
let deliveryId: string;

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startSwitchableReceiver(500);
  // One attempt per delivery: the receiver's 500 fails it at once, ready for the redeliver button.
  server = await startTestServer({
    ...smtp.env,
    WEBHOOK_MAX_ATTEMPTS: '1',
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_TIMEOUT_MS: '2000',
  });
  shop = await createMerchant(server, 'Chai & Co', USER);
  expect(
    (await shop.admin('PATCH', 'webhooks', { webhook_url: receiver.url, webhook_secret: 'whsec_dashboard_test_0123' }))
      .status,
  ).toBe(200);
  await buyerSession(server, smtp, shop.id, BUYER);
  await funnelTraffic(server, shop.id, {
    checkout_opened: 8,
    otp_sent: 6,
    otp_verified: 5,
    address_entered: 4,
    payment_selected: 3,
    order_placed: 2,
  });
  const deliveries = await waitFor(
    async () => (await shop.admin('GET', 'webhook_deliveries')).body.data.deliveries,
    (list) => list[0]?.status === 'failed',
  );
  deliveryId = deliveries[0].delivery_id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
  await smtp?.close();
});

describe('merchant dashboard in Chromium', () => {
  it('signs in with a mailed code and shows the funnel, the sessions and a failed webhook it redelivers', async () => {
    const { page, problems, hosts } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await eventually(() => page.locator('#merchant-name').textContent()).toBe('· Chai & Co');

    const rows = page.locator('#funnel-chart .funnel-row');
    await eventually(() => rows.count()).toBe(6);
    expect(await rows.nth(0).textContent()).toContain('Checkout opened8');
    expect(await rows.nth(5).textContent()).toBe('Order placed2' + '66.7% of the previous step · 25.0% of all');
    expect(await page.locator('#funnel-stats').textContent()).toContain('Checkout to order25.0%');

    await eventually(() => page.locator('#sessions-body').textContent()).toContain(BUYER);
    expect(await page.locator('#sessions-body tr').first().textContent()).toContain('₹1,299');

    const failed = page.locator(`#deliveries-body tr[data-delivery-id="${deliveryId}"]`);
    await eventually(() => failed.first().textContent()).toContain('failed');
    expect(await failed.first().textContent()).toContain('500');
    await page.locator('#deliveries').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-webhook-failed', false);
    receiver.answer(200);
    await page.getByRole('button', { name: `Redeliver session.email_verified ${deliveryId}` }).click();
    await eventually(() => page.locator('#deliveries-status').textContent()).toContain('queued again');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          return failed.first().textContent();
        },
        { timeout: 15_000, interval: 300 },
      )
      .toContain('delivered');
    // The same delivery id both times, so a deduplicating receiver processes it once.
    expect(receiver.deliveries.filter((id) => id === deliveryId)).toHaveLength(2);
    expect(await page.getByRole('button', { name: `Redeliver session.email_verified ${deliveryId}` }).count()).toBe(0);
    await screenshot(page, 'merchant-dashboard-overview');

    expect(problems).toEqual([]);
    expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
  });

  it('imports a 5,003-row CSV in two batches with progress and shows both batches finished, bad rows reported', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: customerCsv(5001, 2) });
    await page.getByLabel('Batch label').fill('Shop export');
    const started = Date.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => page.locator('#import-status').textContent(), 90_000).toContain('Done: 5,003 rows sent');
    console.log(`[import] 5,003 rows through the page in ${Date.now() - started} ms`);
    expect(await page.locator('#import-progress-label').textContent()).toBe('5,003 of 5,003 rows sent');
    const batches = page.locator('#import-body tr');
    expect(await batches.count()).toBe(2);
    // Newest first: part 2 holds the last row and the two bad ones.
    expect(await batches.nth(0).textContent()).toBe(
      'Shop export (2/2)completed312row 1: pincode: must be 6 digits; row 2: pincode: must be 6 digits',
    );
    expect(await batches.nth(1).textContent()).toBe('Shop export (1/2)completed5,0005,0000—');
    for (const id of await batches.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-batch-id')))) {
      const { body } = await shop.admin('GET', `import_status&batch_id=${id}`);
      expect(body.data.batch.status).toBe('completed');
    }
    await screenshot(page, 'merchant-import');
    await page.locator('#import').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-import-screen', false);
    expect(problems).toEqual([]);
  }, 120_000);

  it('changes COD settings and creates an offer through the same admin endpoints the api key uses', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await page.getByLabel('Offer cash on delivery').check();
    await page.getByLabel('Largest cart for COD (₹)').fill('2000');
    await page.getByLabel('Pincodes without COD').fill('110001\n560001');
    await page.locator('#cod-form').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#cod-form .status').textContent()).toBe('COD on; 2 pincodes blocked');
    const cod = (await shop.admin('GET', 'cod_config')).body.data;
    expect(cod).toEqual({
      enable_cod: true,
      cod_max_cart_value_paise: 200_000,
      cod_blocked_pincodes: ['110001', '560001'],
    });

    await page.getByLabel('Title').fill('Diwali 10% off');
    await page.getByLabel('Discount', { exact: true }).fill('10');
    await page.getByLabel('Only for utm_campaign (optional)').fill('diwali');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await eventually(() => page.locator('#offers-body').textContent()).toContain(
      'Diwali 10% off10%—utm_campaign=diwali0active',
    );
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-dashboard');
    expect(problems).toEqual([]);
  });

  it('works at phone width without sideways scrolling and passes the accessibility checks', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/merchant`);
    expect(await axeViolations(page)).toEqual([]);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await eventually(() => page.locator('#funnel-chart .funnel-row').count()).toBe(6);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-dashboard-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'merchant-dashboard-phone-screen', false);
    expect(problems).toEqual([]);
  });
});
