// Chromium on a phone: support refunds a payment in the gateway's dashboard, then records it on the order page; the
// order stops owing it, and the page, the timeline, the orders list and the audit log say it was recorded.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { addUser, createMerchant, placeOrder, refundDue, type MerchantFixture } from './support/merchant-fixture.ts';
import {
  axeViolations,
  eventually,
  horizontalOverflow,
  openPage,
  PHONE,
  screenshot,
  SCREENSHOT_DIR,
} from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@refunds.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Refund shop', USER);
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** An order paid by COD whose gateway payment, taken in another tab, completed nothing: ₹499 owed back. */
async function orderOwing(email: string, paymentId: string) {
  const order = await placeOrder(server, smtp, shop, {
    email,
    cartPaise: 49_900,
    pincode: '560001',
    street: 'MG Road',
  });
  await refundDue(server, shop.id, order.sessionId, {
    orderId: `order_${paymentId.slice(4)}`,
    paymentId,
    amountPaise: 49_900,
    reason: 'session_already_paid',
  });
  return order;
}

describe('recording a refund on the order page', () => {
  it('"I refunded it" with the gateway refund id: recorded, no longer due anywhere, in the audit log', async () => {
    const order = await orderOwing('meera@example.in', 'pay_RefundOk1');
    const support = 'support@refunds.example';
    addUser(server, shop.id, support);
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${order.sessionId}`, support, smtp);
    const due = page.locator('.refunds-due');
    await eventually(() => due.textContent()).toContain('A refund is due');
    expect(await due.textContent()).toContain('then record it here');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Dismissing the confirmation records nothing (openPage's own handler accepts every dialog).
    page.removeAllListeners('dialog');
    page.once('dialog', (d) => void d.dismiss());
    await due.getByLabel('Gateway refund id (optional)').fill('rfnd_Gx81Ka');
    await due.getByRole('button', { name: 'I refunded it' }).click();
    expect(await due.isVisible()).toBe(true);
    await due.screenshot({ path: join(SCREENSHOT_DIR, 'merchant-order-refund-form.png') });
    expect((await orderPage(order.sessionId)).session.refunds_due).toBe(1);

    let asked = '';
    page.once('dialog', (d) => {
      asked = d.message();
      void d.accept();
    });
    await due.getByRole('button', { name: 'I refunded it' }).click();
    const recorded = page.locator('.refunds-recorded');
    await eventually(() => recorded.textContent()).toContain('Refund recorded');
    expect(asked).toBe('Record that you refunded ₹499 (payment pay_RefundOk1)? It is then no longer due.');
    expect(await recorded.textContent()).toMatch(
      /Gateway payment pay_RefundOk1 \(₹499\) refunded, recorded .* by support@refunds\.example: gateway refund rfnd_Gx81Ka\./,
    );
    expect(await page.locator('.refunds-due').count()).toBe(0);
    // The form went with the reload: focus is on what replaced it, not lost to the page's top.
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('refunds-recorded');
    const entry = page.locator('.timeline-item[data-event="refund_recorded"]');
    expect(await entry.locator('strong').textContent()).toBe('refund recorded');
    expect(await entry.locator('.timeline-detail').textContent()).toBe(
      'pay_RefundOk1 by support@refunds.example, gateway refund rfnd_Gx81Ka',
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'merchant-order-refund-recorded');

    // The orders list no longer marks it, and the refunds filter no longer lists it.
    await page.evaluate(() => (window.location.hash = '#sessions'));
    await eventually(() => page.locator('#sessions-status-line').textContent()).toMatch(/order/);
    const row = page.locator('#sessions-body tr', { hasText: 'meera@example.in' });
    expect(await row.locator('td[data-label="Payment"]').textContent()).toBe('cash on delivery ₹499');
    await page.getByLabel('Refunds', { exact: true }).selectOption('true');
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => page.locator('#sessions-body').textContent()).not.toContain('meera@example.in');

    await page.evaluate(() => (window.location.hash = '#audit'));
    const audit = page.locator('#audit-body tr', { hasText: 'Refund recorded' });
    await eventually(() => audit.count()).toBe(1);
    expect(await audit.textContent()).toContain('pay_RefundOk1');
    expect(await audit.textContent()).toContain('rfnd_Gx81Ka');
    await screenshot(page, 'merchant-audit-refund-recorded', false);
    expect(problems).toEqual([]);
  });

  it('a refund the server will not record (paid the order meanwhile) says why and keeps the form', async () => {
    const order = await orderOwing('kiran@example.in', 'pay_RefundGone1');
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#order/${order.sessionId}`, USER, smtp);
    const due = page.locator('.refunds-due');
    await eventually(() => due.textContent()).toContain('A refund is due');
    // What the server does when that payment completes the order after all (the merchant set the cart back).
    await server.parts.sql.run('DELETE FROM refused_payments WHERE gateway_payment_id = ?', ['pay_RefundGone1']);
    await due.getByRole('button', { name: 'I refunded it' }).click();
    const status = due.getByRole('status');
    await eventually(() => status.textContent()).toMatch(/^Not recorded: No refund is due for gateway payment pay_R/);
    expect(await due.getByRole('button', { name: 'I refunded it' }).isEnabled()).toBe(true);
    // The console's own 404 is an answer it shows, not a console error.
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  });
});

async function orderPage(sessionId: string) {
  const res = await shop.admin('GET', `session&session_id=${sessionId}`);
  return (res.body as { data: { session: { refunds_due: number } } }).data;
}
