// Chromium drives /merchant: sign in with a mailed code; the funnel from sessions beside the widget's; a 5,006-row CSV
// import checked against the directory, its problems by spreadsheet row and as a file, still listed after a reload;
// settings and their audit trail; every section accessible on a phone.
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from './support/read-csv.ts';
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
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@chai.example';
const BUYER = 'buyer@example.in';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Chai & Co', USER);
  await buyerSession(server, smtp, shop.id, BUYER);
  await funnelTraffic(server, shop.id, {
    checkout_opened: 8,
    otp_sent: 6,
    otp_verified: 5,
    address_entered: 4,
    payment_selected: 3,
    order_placed: 2,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('merchant dashboard in Chromium', () => {
  it('shows the merchant id and the funnel from sessions beside the one the widget reported', async () => {
    const { page, problems, hosts } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await eventually(() => page.locator('#merchant-name').textContent()).toBe('· Chai & Co');
    expect(await page.locator('#merchant-id').textContent()).toBe(shop.id);

    const server_ = page.locator('#session-funnel-chart .funnel-row');
    await eventually(() => server_.count()).toBe(4);
    expect(await server_.nth(0).textContent()).toBe('Signed in1');
    const widget = page.locator('#funnel-chart .funnel-row');
    expect(await widget.count()).toBe(6);
    expect(await widget.nth(0).textContent()).toBe('Checkout opened8' + '8 events');
    expect(await widget.nth(5).textContent()).toBe('Order placed2' + '66.7% of the previous step · 25.0% of all');
    expect(await page.locator('#funnel-stats').textContent()).toBe(
      'Sessions1Paid or COD0Conversion0.0%Revenue₹0Widget events28',
    );
    expect(await page.locator('#utm-body').textContent()).toBe('(none)—diwali10₹00.0%');
    await screenshot(page, 'merchant-dashboard');
    expect(problems).toEqual([]);
    expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
  });

  it('imports a 5,006-row CSV: directory-checked, problems by spreadsheet row, an error file, listed after a reload', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#import`, USER, smtp);
    const extra = [
      'NOPE,nope@example.in,Nope,1 Main Road,Delhi,999999,no',
      'ELSE,else@example.in,Else,Connaught Place,Bengaluru,560001,no',
    ];
    const file = Buffer.concat([customerCsv(5001, 2), Buffer.from(`${extra.join('\r\n')}\r\n`)]);
    await page.getByLabel('CSV file').setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: file });
    await page.getByLabel('Batch label').fill('Shop export');
    const started = Date.now();
    await page.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => page.locator('#import-status').textContent(), 90_000).toBe('Done: 5,005 rows sent');
    console.log(`[import] 5,005 rows through the page in ${Date.now() - started} ms`);
    expect(await page.locator('#import-progress-label').textContent()).toBe('5,005 of 5,005 rows sent');

    const check = async () => {
      const batches = page.locator('#import-body tr');
      await eventually(() => batches.count()).toBe(2);
      // Newest first: part 2 holds spreadsheet rows 5,002 to 5,006.
      const second = (await batches.nth(0).textContent())!;
      expect(second).toMatch(/^Shop export \(2\/2\)\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} ISTcompleted5231/);
      expect(second).toContain(
        'row 5,003: pincode: must be 6 digits; row 5,004: pincode: must be 6 digits; ' +
          'row 5,005: pincode 999999 is not in the India Post directory …',
      );
      expect(await batches.nth(1).textContent()).toMatch(
        /^Shop export \(1\/2\)\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} ISTcompleted5,0005,00000——$/,
      );
    };
    await check();
    await page.reload();
    await page.locator('#app').waitFor({ state: 'visible' });
    await check();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV of the errors of Shop export (2/2)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('import-errors-Shop-export-2-2-.csv');
    const [header, ...rows] = readCsv(readFileSync(await download.path(), 'utf8'));
    expect(header).toEqual(['sheet_row', 'row_index', 'kind', 'legacy_id', 'code', 'message']);
    expect(rows.map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
      ['5003', 'error', 'BAD0', 'invalid_pincode'],
      ['5004', 'error', 'BAD1', 'invalid_pincode'],
      ['5005', 'error', 'NOPE', 'unknown_pincode'],
      ['5006', 'warning', 'ELSE', 'pincode_mismatch'],
      ['5006', 'warning', 'ELSE', 'city_mismatch'],
    ]);
    expect(rows[4]![5]).toBe('city "Bengaluru" does not match "Connaught Place", which is in New Delhi');
    await page.locator('#import').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-import-screen', false);
    expect(problems).toEqual([]);
  }, 120_000);

  it('numbers problems by spreadsheet row when the file has blank rows between its rows', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#import`, USER, smtp);
    const lines = [
      'legacy_customer_id,email,name,street_name,city,pincode,is_default',
      'G1,g1@example.in,Gita,1 MG Road,Bengaluru,560001,Y',
      'G2,g2@example.in,Gopal,2 MG Road,Bengaluru,560001,n',
      ',,,,,,',
      '',
      'G5,g5@example.in,Ganga,5 MG Road,Delhi,12345,no',
    ];
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
    await page.getByLabel('CSV file').setInputFiles({ name: 'gaps.csv', mimeType: 'text/csv', buffer: file });
    await page.getByLabel('Batch label').fill('With gaps');
    await page.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => page.locator('#import-status').textContent()).toBe('Done: 3 rows sent');
    // Rows 4 and 5 are blank: the row after them is row 6 of the sheet, sent as a part of its own.
    const batches = page.locator('#import-body tr', { hasText: 'With gaps' });
    await eventually(() => batches.count()).toBe(2);
    expect(await batches.nth(0).textContent()).toContain('row 6: pincode: must be 6 digits');
    expect(await batches.nth(1).textContent()).toMatch(/completed220/);

    // What the orphan sweep leaves of a batch whose node was killed after 40 of its 100 rows: said, with what to do.
    await server.parts.sql.run(
      `INSERT INTO import_batches (id, merchant_id, batch_label, status, total_rows, imported_count, error_count,
         created_at, completed_at, source) VALUES (?, ?, 'Killed', 'failed', 100, 40, 0, ?, ?, 'api')`,
      ['00000000-0000-4000-8000-00000000b17c', shop.id, new Date().toISOString(), new Date().toISOString()],
    );
    await page.reload();
    await eventually(() => page.locator('#import-body tr', { hasText: 'Killed' }).textContent()).toContain(
      'Stopped after 40 of 100 rows: the server importing it stopped. Send the same file again; rows already ' +
        'imported are updated, not doubled.',
    );
    expect(problems).toEqual([]);
  });

  it('changes COD settings with the same admin endpoints the api key uses, and the audit log says who did', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#settings`, USER, smtp);
    await page.getByLabel('Offer cash on delivery').check();
    // Two fields wrong at once: both are marked on the first Save, not one per attempt.
    await page.getByLabel('Largest cart for COD (₹)').fill('0');
    await page.getByLabel('Pincodes without COD').fill('11001');
    await page.locator('#cod-form').getByRole('button', { name: 'Save' }).click();
    const status = page.locator('#cod-form .status');
    await eventually(() => status.textContent()).toBe('Nothing was saved: fix the fields marked above.');
    expect(await page.locator('#cod-form .field-error').allTextContents()).toEqual([
      'Enter whole rupees, 1 or more, or leave it empty for no limit.',
      'This is not a 6-digit pincode: 11001',
    ]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('cod-max');
    expect((await shop.admin('GET', 'cod_config')).body.data.enable_cod).toBe(false);
    await page.getByLabel('Largest cart for COD (₹)').fill('2000');
    await page.getByLabel('Pincodes without COD').fill('110001');
    await page.locator('#cod-form').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#cod-form .status').textContent()).toBe('COD on; 1 pincode blocked');
    const cod = (await shop.admin('GET', 'cod_config')).body.data;
    expect(cod).toEqual({ enable_cod: true, cod_max_cart_value_paise: 200_000, cod_blocked_pincodes: ['110001'] });
    // Listed at once (a reload while the log is read again would abort that read), and still after a reload.
    const latest = page.locator('#audit-body tr').first();
    await eventually(() => latest.textContent()).toContain('Cash on delivery settings');
    await page.reload();
    await page.locator('#app').waitFor({ state: 'visible' });
    await eventually(() => latest.textContent()).toContain('Cash on delivery settings');
    expect(await latest.textContent()).toContain(USER);
    expect(await latest.textContent()).toContain('Cash on delivery: off → on');
    expect(await latest.textContent()).toContain('Largest cart for COD: — → ₹2,000');
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('works at phone width without sideways scrolling, in the time zone chosen, passing the accessibility checks', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/merchant`);
    expect(await axeViolations(page)).toEqual([]);
    await signInByMail(page, `${server.baseUrl}/merchant`, USER, smtp);
    await eventually(() => page.locator('#session-funnel-chart .funnel-row').count()).toBe(4);
    await eventually(() => page.locator('#sessions-body').textContent()).toContain(BUYER);
    expect(await page.locator('#sessions-body tr').first().textContent()).toMatch(/ IST/);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-dashboard-phone');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'merchant-dashboard-phone-screen', false);

    await page.getByLabel('Times in').selectOption('UTC');
    await page.locator('#app').waitFor({ state: 'visible' });
    await eventually(() => page.locator('#sessions-body tr').first().textContent()).toMatch(/ UTC/);
    expect(problems).toEqual([]);
  });
});
