// Chromium: an order whose amount came from the store page (amount-paise, which a buyer can edit) is marked as such in
// the orders list and on its page; one whose amount the merchant's server fixed is not; Integration says how to guard.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, placeOrder, type MerchantFixture, type PlacedOrder } from './support/merchant-fixture.ts';
import { axeViolations, eventually, horizontalOverflow, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
let edited: PlacedOrder;
let fixed: PlacedOrder;
const USER = 'owner@amounts.example';
const NOTE = 'Amount set by the store page — check it matches the order';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Amounts shop', USER);
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  expect((await shop.admin('PATCH', 'settings', { allowed_origins: ['https://shop.example'] })).status).toBe(200);
  // The buyer edited amount-paise="149900" to 194 in their browser: ₹1.94 for a ₹1,499 order.
  edited = await placeOrder(server, smtp, shop, {
    email: 'edited@example.in',
    cartPaise: 194,
    pincode: '560001',
    street: 'MG Road',
    amountFrom: 'page',
  });
  fixed = await placeOrder(server, smtp, shop, {
    email: 'fixed@example.in',
    cartPaise: 149_900,
    pincode: '560001',
    street: 'MG Road',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('amounts the store page set, in Chromium', () => {
  for (const [device, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: marks the order whose amount the page set, in the list and on its page`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
      const rows = page.locator('#sessions-body tr');
      await eventually(() => rows.count()).toBe(2);
      const row = (id: string) => page.locator(`#sessions-body tr[data-session-id="${id}"]`);
      expect(await row(edited.sessionId).textContent()).toContain(`₹1.94${NOTE}`);
      expect(await row(fixed.sessionId).textContent()).not.toContain('store page');
      await row(edited.sessionId).scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-amount-source-list-${device}`, false);
      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);

      await row(edited.sessionId).getByRole('link').click();
      await eventually(() => page.locator('#order-title').textContent()).toBe('Order of edited@example.in');
      const facts = page.locator('#order-body dl.facts').first();
      expect(await facts.textContent()).toContain(`Cart₹1.94${NOTE}`);
      const explained = page.locator('#order-body .amount-source');
      expect(await explained.textContent()).toContain('a buyer can change it');
      await screenshot(page, `merchant-amount-source-order-${device}`, false);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${server.baseUrl}/merchant#order/${fixed.sessionId}`);
      await eventually(() => page.locator('#order-title').textContent()).toBe('Order of fixed@example.in');
      expect(await page.locator('#order-body').textContent()).not.toContain('store page');
      expect(problems).toEqual([]);
    });
  }

  it('says on Integration, by the snippet, that a buyer can change the amount and how to stop that', async () => {
    const { page, problems } = await openPage(browser, LAPTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#integration`, USER, smtp);
    const warning = page.locator('#integration-amount');
    await warning.waitFor();
    const text = (await warning.textContent())!;
    expect(text).toContain('A buyer can change amount-paise');
    expect(text).toContain('set_session_cart');
    expect(text).toContain('session.completed');
    // It sits by the snippet, after it and before the origins form.
    expect(
      await page.evaluate(() => {
        const snippet = document.querySelector('#integration-snippet pre')!;
        const note = document.getElementById('integration-amount')!;
        return Boolean(snippet.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING);
      }),
    ).toBe(true);
    const link = warning.getByRole('link', { name: 'set_session_cart in the API reference' });
    expect(await link.getAttribute('href')).toBe('/docs?q=set_session_cart');
    await page.locator('#integration').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-amount-source-integration-laptop', false);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
