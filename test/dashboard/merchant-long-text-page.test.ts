// Chromium at 1366 px and 390 px: an offer title of 60 characters without a space wraps in the offers table and in the
// audit log, so neither the page nor a table scrolls sideways.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, horizontalOverflow, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@long.example';
const TITLE = 'DIWALI_MEGA_SALE_FLAT_FIFTY_PERCENT_OFF_ON_EVERYTHING_TODAY_'.slice(0, 60);

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Long text shop', USER);
  const res = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      action: 'create',
      title: TITLE,
      discount_type: 'percent',
      discount_value: 50,
      utm_rules: { utm_campaign: 'DIWALI_MEGA_SALE_CAMPAIGN_FROM_INSTAGRAM_STORIES_2026' },
    }),
  });
  expect(res.status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** How far a section's table scrolls sideways inside its region (0: it fits). */
const tableOverflow = (page: Page, section: string) =>
  page.locator(`#${section} .table-wrap`).evaluate((el) => el.scrollWidth - el.clientWidth);

describe('long unbroken text in the merchant console', () => {
  expect(TITLE).toHaveLength(60);
  for (const [device, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: the offers table and the audit log wrap a 60-character title`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#offers`, USER, smtp);
      await eventually(() => page.locator('#offers-body').textContent()).toContain(TITLE);
      await eventually(() => page.locator('#audit-body').textContent()).toContain(TITLE);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await tableOverflow(page, 'offers')).toBe(0);
      expect(await tableOverflow(page, 'audit')).toBe(0);
      await page.locator('#offers').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-long-title-offers-${device}`, false);
      await page.locator('#audit').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-long-title-audit-${device}`, false);

      // Editing it puts the title in the form's heading and, once saved, in the status line: they wrap too.
      await page.getByRole('button', { name: `Edit ${TITLE}` }).click();
      await page.getByRole('button', { name: 'Save offer' }).click();
      await eventually(() => page.locator('#offers-status').textContent()).toBe(`Saved ${TITLE}`);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});
