// The merchant console on a tablet held upright (768 and 800 px): every wide table is one card per row, so no row's
// amount or button is cut off at the right edge of its scroll box.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { buyerSession, createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, openPage, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@tablet.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Tablet Shop', USER);
  await buyerSession(server, smtp, shop.id, 'a.buyer.with.a.long.address@example.in');
  const offer = { title: 'Festive ₹150 off the whole cart', discount_type: 'flat', discount_value: 15_000 };
  await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create', ...offer }),
  });
  const rows = [{ email: 'x@example.in', street_name: '1 Main Road', pincode: '999999' }];
  expect((await shop.admin('POST', 'import_customers', { batch_label: 'Shop export', rows })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('the console on a tablet held upright', () => {
  for (const width of [768, 800])
    it(`at ${width} px shows every table whole, a card per row`, async () => {
      const { page, problems } = await openPage(browser, { width, height: 1024 });
      await signInByMail(page, `${server.baseUrl}/merchant#orders`, USER, smtp);
      await eventually(() => page.locator('#offers-body tr').count()).toBe(1);
      await eventually(() => page.locator('#import-body tr[data-batch-id]').count()).toBe(1);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('.table-wrap:has(table.cards)')]
          .filter((wrap) => wrap.scrollWidth > wrap.clientWidth + 1)
          .map((wrap) => wrap.getAttribute('aria-labelledby')),
      );
      expect(cut).toEqual([]);
      await page.locator('#import').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-tablet-${width}-import`, false);
      expect(problems).toEqual([]);
    });
});
