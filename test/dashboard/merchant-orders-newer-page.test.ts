// Chromium: an orders list left open past midnight (its To day over) offers only the new orders of that day, which a
// click then lists; orders of the next day are not its new ones.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { insertOrders } from './support/bulk-orders.ts';
import { buyerSession, createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, openPage } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
let buyerId: string;
const USER = 'owner@night-shift.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env });
  shop = await createMerchant(server, 'Night shift', USER);
  const first = await buyerSession(server, smtp, shop.id, 'first@example.in');
  const buyer = await server.parts.sql.get<{ buyer_id: string }>(
    'SELECT buyer_id FROM checkout_sessions WHERE id = ?',
    [first],
  );
  buyerId = buyer!.buyer_id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** When today (in IST, the page's zone) ends. */
function endOfTodayIst(): number {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  return Date.parse(`${day}T00:00:00+05:30`) + 86_400_000;
}

describe('new orders offered on a list left open past midnight', () => {
  it("are those of the list's To day only", async () => {
    const { page, problems } = await openPage(browser);
    await page.clock.install({ time: Date.now() });
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
    const line = page.locator('#sessions-status-line');
    await eventually(() => line.textContent()).toBe('1 order');

    // One order later today, one just after midnight: the merchant's clock then passes midnight.
    const midnight = endOfTodayIst();
    const base = { merchantId: shop.id, buyerId, count: 1 };
    await insertOrders(server, { ...base, newest: new Date(Date.now() + 61_000), email: () => 'late@example.in' });
    await insertOrders(server, { ...base, newest: new Date(midnight + 61_000), email: () => 'tomorrow@example.in' });
    await page.clock.setSystemTime(midnight + 30 * 60_000);
    await page.clock.runFor(61_000);

    const hint = page.locator('#sessions-newer');
    await eventually(() => hint.textContent()).toBe('1 new order: show it');
    await hint.click();
    await eventually(() => line.textContent()).toBe('2 orders');
    const rows = (await page.locator('#sessions-body').textContent())!;
    expect(rows).toContain('late@example.in');
    expect(rows).not.toContain('tomorrow@example.in');
    expect(problems).toEqual([]);
  });
});
