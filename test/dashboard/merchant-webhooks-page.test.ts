// Chromium on a phone and a desktop: a failing webhook waits an hour for its retry; "Retry now" sends it at once and the
// log shows the new attempt beside the first, each with its own answer, time and the body sent.
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWebhook } from '../../src/webhooks/outbox-repository.ts';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { buyerSession, createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, DESKTOP, eventually, horizontalOverflow, openPage, PHONE, screenshot } from './support/page.ts';
import { startSwitchableReceiver, type SwitchableReceiver } from './support/receiver.ts';
import { signInByMail } from './support/sign-in.ts';
import { waitFor } from './support/wait.ts';

let smtp: TestSmtp;
let server: TestServer;
let receiver: SwitchableReceiver;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@chai.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  receiver = await startSwitchableReceiver(503);
  // A failed attempt waits an hour (±20 %) for its retry: only "Retry now" sends it again within the test.
  server = await startTestServer({
    ...smtp.env,
    WEBHOOK_RETRY_BASE_MS: '3600000',
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_TIMEOUT_MS: '2000',
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500',
  });
  shop = await createMerchant(server, 'Chai & Co', USER);
  expect((await shop.admin('PATCH', 'webhooks', { webhook_url: receiver.url })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
  await smtp?.close();
});

/** A session.address_completed event of `merchantId` with `data`, as the checkout queues one. */
const addressEvent = (merchantId: string, data: Record<string, unknown>) => ({
  event: 'session.address_completed' as const,
  merchant_id: merchantId,
  buyer_id: randomUUID(),
  session_id: randomUUID(),
  auth_channel: 'email' as const,
  timestamp: new Date().toISOString(),
  data,
});
/** The shop has no webhook URL: each event is logged as failed at once. */
const noUrl = async () => false;

describe('the webhook log in Chromium', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: retries a failing webhook now and shows the new attempt`, async () => {
      receiver.answer(503);
      const buyer = `buyer-${device}@example.in`;
      await buyerSession(server, smtp, shop.id, buyer);
      const failing = await waitFor(
        async () =>
          (await shop.admin('GET', 'webhook_events&state=failing')).body.data.deliveries as Array<{
            delivery_id: string;
          }>,
        (list) => list.length > 0,
      );
      const id = failing[0]!.delivery_id;

      const { page, problems, hosts } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, USER, smtp);
      const row = page.locator(`#deliveries-body tr[data-delivery-id="${id}"]`);
      await eventually(() => row.textContent()).toContain('waiting');
      const text = (await row.textContent())!;
      expect(text).toContain('session.email_verified');
      expect(text).toMatch(/503 at \d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} IST/);
      expect(text).toContain('receiver is down');
      // The next try, to the second, about an hour after the attempt.
      expect(text).toMatch(/IST.*IST.*\d{2}:\d{2}:\d{2} IST/);
      // How far back the log goes (WEBHOOK_LOG_RETENTION_DAYS, 30 by default).
      expect(await page.locator('#deliveries-kept').textContent()).toBe(
        'Delivered and given-up deliveries are kept 30 days after their last attempt; waiting ones until they are done.',
      );
      await page.getByLabel('Show', { exact: true }).selectOption('failing');
      await eventually(() => page.locator('#deliveries-body tr').count()).toBe(1);
      await page.locator('#deliveries').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-webhook-failing-${device}`, false);

      receiver.answer(200);
      await page.getByRole('button', { name: `Retry now session.email_verified ${id}` }).click();
      await eventually(() => page.locator('#deliveries-status').textContent()).toContain('is being sent now');
      // Focus stays in the list (the row left the "failing" filter), not lost to the page.
      expect(await page.evaluate(() => document.activeElement?.closest('#deliveries') !== null)).toBe(true);
      await page.getByLabel('Show', { exact: true }).selectOption('');
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: 'Refresh', exact: true }).click();
            return row.textContent();
          },
          { timeout: 15_000, interval: 300 },
        )
        .toContain('delivered');
      expect(receiver.deliveries.filter((d) => d === id)).toHaveLength(2);
      expect(await row.locator('td').nth(3).textContent()).toBe('2');

      await page.getByRole('button', { name: `Details of session.email_verified ${id}` }).click();
      const detail = page.locator('#delivery-detail');
      await eventually(() => detail.locator('tbody tr').count()).toBe(2);
      const attempts = await detail.locator('tbody tr').allTextContents();
      expect(attempts[0]).toMatch(
        /^1\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} IST503retryingHTTP 503 · receiver is down\d{2} \w{3}/,
      );
      expect(attempts[1]).toMatch(/^2.*IST200deliveredok—$/);
      expect(await detail.locator('.payload').textContent()).toContain(`"email": "${buyer}"`);
      await detail.scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-webhook-retried-${device}`, false);

      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
    });
  }

  it('pages through a log longer than a page, oldest deliveries included', async () => {
    const other = await createMerchant(server, 'Paged shop', 'pager@chai.example');
    // 57 events at a shop without a webhook_url: each is logged as failed at once.
    await server.parts.sql.transaction(async (tx) => {
      for (let n = 0; n < 57; n++)
        await enqueueWebhook(tx, addressEvent(other.id, { n }), new Date(Date.now() - (57 - n) * 1000), noUrl);
    });
    // A URL set since: the events logged without one can be sent now (until then the log offers no Send again).
    expect((await other.admin('PATCH', 'webhooks', { webhook_url: receiver.url })).status).toBe(200);
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, 'pager@chai.example', smtp);
    const label = page.locator('#deliveries-page');
    await eventually(() => label.textContent()).toBe('1–50 of 57');
    expect(await page.locator('#deliveries-status').textContent()).toMatch(/^57 deliveries · refreshed/);
    const log = page.locator('#deliveries');
    expect(await log.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
    await log.getByRole('button', { name: 'Older' }).focus();
    await page.keyboard.press('Enter');
    await eventually(() => label.textContent()).toBe('51–57 of 57');
    expect(await page.locator('#deliveries-body tr').count()).toBe(7);
    expect(await log.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    // The keyboard user on the last page is on Newer, not thrown back to the top of the page.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Newer');
    // The oldest ones can still be sent again from here.
    expect(await page.getByRole('button', { name: /^Send again session.address_completed/ }).count()).toBe(7);
    await page.getByLabel('Show', { exact: true }).selectOption('failing');
    await eventually(() => label.textContent()).toBe('1–50 of 57');
    expect(problems).toEqual([]);
  });

  it("says why an attempt failed in a shop owner's words, the code kept for their developer", async () => {
    const other = await createMerchant(server, 'Typo shop', 'typo@chai.example');
    await server.parts.sql.transaction((tx) => enqueueWebhook(tx, addressEvent(other.id, {}), new Date(), noUrl));
    // As a URL whose host does not resolve leaves its attempt (the log showed "dns_failed" alone).
    await server.parts.sql.run(`UPDATE webhook_deliveries SET error = 'dns_failed' WHERE merchant_id = ?`, [other.id]);
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, 'typo@chai.example', smtp);
    const cell = page.locator('#deliveries-body td[data-label="Last attempt"]');
    await eventually(() => cell.textContent()).toMatch(/^the URL's host name was not found \(dns_failed\) at /);
    expect(problems).toEqual([]);
  });

  it('sends a test webhook and says where it went', async () => {
    const { page, problems } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, USER, smtp);
    await page.getByRole('button', { name: 'Send a test webhook' }).click();
    await eventually(() => page.locator('#deliveries-status').textContent()).toBe(
      `Test webhook queued for ${receiver.url}; it appears below within seconds`,
    );
    expect(problems).toEqual([]);
  });
});
