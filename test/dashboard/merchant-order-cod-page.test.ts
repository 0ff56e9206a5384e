// Chromium on a phone: support opens an unpaid order and reads whether the buyer may pay on delivery now, and why not,
// with the way to the rule that refuses it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, placeOrder, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@cod-rules.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'COD rules', USER);
  const cod = { enable_cod: true, cod_max_cart_value_paise: 300_000, cod_blocked_pincodes: ['110001'] };
  expect((await shop.admin('PATCH', 'cod_config', cod)).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe("an open order's cash on delivery", () => {
  it('says the rule that refuses it, with the limit in rupees, and leads to Settings', async () => {
    const blocked = await placeOrder(server, smtp, shop, {
      email: 'neha@example.in',
      cartPaise: 49_900,
      pincode: '110001',
      street: 'Janpath',
      pay: false,
    });
    const large = await placeOrder(server, smtp, shop, {
      email: 'arjun@example.in',
      cartPaise: 450_000,
      pincode: '560001',
      street: 'MG Road',
      pay: false,
    });
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${blocked.sessionId}`, USER, smtp);
    const cod = page.locator('#order-body dl.facts div', { hasText: 'Cash on delivery' });
    await eventually(() => cod.textContent()).toBe(
      'Cash on deliverynot offered: pincode 110001 is on your list without COD (Settings)',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-order-cod-blocked', false);

    await page.evaluate((id) => (window.location.hash = `#order/${id}`), large.sessionId);
    await eventually(() => cod.textContent()).toBe(
      'Cash on deliverynot offered: the cart (₹4,500) is above your limit of ₹3,000 (Settings)',
    );
    await cod.getByRole('link', { name: 'Settings' }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('settings-title');
    expect(problems).toEqual([]);
  });
});
