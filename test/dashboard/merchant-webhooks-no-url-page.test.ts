// Chromium: a shop with no webhook URL is told so once, not shown a wall of red "given up"; sending says why it cannot.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { axeViolations, DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { startSwitchableReceiver, type SwitchableReceiver } from './support/receiver.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let receiver: SwitchableReceiver;
let browser: Browser;
let shop: MerchantFixture;
let order: PlacedOrder;
const NOTICE = 'No webhook URL is set: events are not sent.';
const REFUSAL = 'No webhook URL is set, so there is nowhere to send it. Set one in Settings, then send it again.';

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startSwitchableReceiver(200);
  server = await startTestServer({ ...smtp.env, WEBHOOK_POLL_MS: '20', CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Quiet Shop', 'owner@quiet.example');
  addUser(server, shop.id, 'desk@quiet.example');
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  order = await placeOrder(server, smtp, shop, {
    email: 'buyer@example.in',
    cartPaise: 49_900,
    pincode: '560001',
    street: 'MG Road',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
  await smtp?.close();
});

describe('webhooks without a URL in Chromium', () => {
  it('says once that no URL is set, marks events "not sent", and phrases a refused send for a person', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, 'owner@quiet.example', smtp);
    const body = page.locator('#deliveries-body');
    await eventually(() => body.locator('tr').count()).toBe(2);
    expect(await page.locator('#deliveries-no-url').textContent()).toContain(NOTICE);
    expect(await body.locator('.pill.bad').count()).toBe(0);
    expect(await body.locator('.pill').allTextContents()).toEqual(['not sent', 'not sent']);
    expect(await body.textContent()).toContain('not sent: no webhook URL was set at');
    expect(await body.getByRole('button', { name: /^Send again/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send a test webhook' }).click();
    await eventually(() => page.locator('#deliveries-status').textContent()).toBe(REFUSAL);
    await page.locator('#deliveries').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-webhooks-no-url-desktop', false);
    expect(await axeViolations(page)).toEqual([]);

    // A URL set in Settings: the notice goes, and the events not sent can be sent.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.locator('#webhook-form').getByRole('button', { name: 'Save' }).click();
    await eventually(() => page.locator('#deliveries-no-url').isHidden()).toBe(true);
    await eventually(() => body.getByRole('button', { name: /^Send again/ }).count()).toBe(2);
    // Removed again behind the page's back (the api key, another tab): Send again says why it cannot.
    expect((await shop.admin('PATCH', 'webhooks', { webhook_url: null })).status).toBe(200);
    await body
      .getByRole('button', { name: /^Send again/ })
      .first()
      .click();
    await eventually(() => page.locator('#deliveries-status').textContent()).toBe(REFUSAL);
    // The refused send, as the browser logs it.
    expect(problems.filter((p) => !p.includes('409'))).toEqual([]);
  });

  it("on a phone: the order's timeline and webhooks say the events were not sent, not that they failed", async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${order.sessionId}`, 'desk@quiet.example', smtp);
    const timeline = page.locator('.timeline');
    await eventually(() => timeline.textContent()).toContain('session.address_completed');
    const webhookSteps = await page.locator('.timeline-item.source-webhook').allTextContents();
    expect(webhookSteps).toHaveLength(2);
    for (const step of webhookSteps) expect(step).toMatch(/attempt 1: not sent: no webhook URL was set$/);
    expect(await timeline.textContent()).not.toContain('failed');
    expect(await page.locator('#order-body').textContent()).toContain(
      'No webhook URL was set when these events happened, so they were not sent.',
    );
    expect(await page.locator('details.webhook .pill.bad').count()).toBe(0);
    await page.locator('details.webhook').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-order-webhooks-not-sent-phone', false);
    // Its Settings link leads to the settings, not back to the list.
    await page.locator('#order-body').getByRole('link', { name: 'Set one in Settings' }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('settings-title');
    expect(problems).toEqual([]);
  });
});
