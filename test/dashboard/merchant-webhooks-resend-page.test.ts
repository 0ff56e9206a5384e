// Chromium on a phone: a shop that ran without a webhook URL sets one and sends every event it missed with one button,
// not one "Send again" per row; each is delivered once and the button goes when nothing is failing.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, placeOrder, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, eventually, horizontalOverflow, openPage, PHONE, screenshot } from './support/page.ts';
import { startSwitchableReceiver, type SwitchableReceiver } from './support/receiver.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let receiver: SwitchableReceiver;
let browser: Browser;
let shop: MerchantFixture;

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startSwitchableReceiver(200);
  server = await startTestServer({ ...smtp.env, WEBHOOK_POLL_MS: '20', CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Late Hooks', 'owner@late-hooks.example');
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  for (const email of ['one@example.in', 'two@example.in'])
    await placeOrder(server, smtp, shop, { email, cartPaise: 49_900, pincode: '560001', street: 'MG Road' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
  await smtp?.close();
});

describe('"Send all failing now"', () => {
  it('appears with the count once a URL is set, sends each missed event once, and goes', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, 'owner@late-hooks.example', smtp);
    const body = page.locator('#deliveries-body');
    const missed = (await shop.admin('GET', 'webhook_events&state=failed')).body.data.total as number;
    expect(missed).toBeGreaterThanOrEqual(4);
    await eventually(() => body.locator('tr').count()).toBe(missed);
    const button = page.locator('#resend-failing');
    // Without a URL there is nowhere to send them: the notice says so and the button is not offered.
    expect(await button.isHidden()).toBe(true);

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.locator('#webhook-form').getByRole('button', { name: 'Save' }).click();
    await eventually(() => button.isVisible()).toBe(true);
    expect(await button.textContent()).toBe(`Send all ${missed} failing now`);
    await page.evaluate(() => document.getElementById('deliveries')?.scrollIntoView());
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-webhooks-resend-all-phone', false);

    let asked = '';
    page.removeAllListeners('dialog');
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await button.click();
    await eventually(() => page.locator('#deliveries-status').textContent()).toBe(
      `${missed} deliveries are being sent now`,
    );
    expect(asked).toBe(`Send ${missed} failing deliveries again now?`);
    await eventually(() => receiver.deliveries.length).toBe(missed);
    expect(new Set(receiver.deliveries).size).toBe(missed);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await eventually(() => body.locator('.pill', { hasText: 'delivered' }).count()).toBe(missed);
    expect(await button.isHidden()).toBe(true);
    await screenshot(page, 'merchant-webhooks-resent-phone', false);
    expect(problems).toEqual([]);
  });
});
