// Chromium: from the orders list to an order and back, by mouse and keyboard: the list as it was, focus on the row.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { insertOrders } from './support/bulk-orders.ts';
import { addUser, buyerSession, createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
let listed: string[];
const PEOPLE = ['owner', 'desk', 'ops', 'support'].map((who) => `${who}@return-shop.example`);

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env });
  shop = await createMerchant(server, 'Return Shop', PEOPLE[0]!);
  for (const email of PEOPLE.slice(1)) {
    addUser(server, shop.id, email);
  }
  const first = await buyerSession(server, smtp, shop.id, 'first@example.in');
  const buyer = await server.parts.sql.get<{ buyer_id: string }>(
    'SELECT buyer_id FROM checkout_sessions WHERE id = ?',
    [first],
  );
  const more = await insertOrders(server, {
    merchantId: shop.id,
    buyerId: buyer!.buyer_id,
    count: 44,
    newest: new Date(Date.now() - 60_000),
  });
  listed = [first, ...more];
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** The title of an order's page. */
async function titleOf(id: string): Promise<string> {
  const row = await server.parts.sql.get<{ email: string }>('SELECT email FROM checkout_sessions WHERE id = ?', [id]);
  return `Order of ${row!.email}`;
}

/** How far the element's top is from the top of the screen. */
const topOnScreen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top));
/** The order id of the row holding the focused element, or the focused element's tag. */
const focusedRow = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('tr')?.dataset.sessionId ?? document.activeElement?.tagName);

describe('returning from an order in Chromium', () => {
  for (const [device, viewport, who] of [
    ['desktop', DESKTOP, PEOPLE[0]!],
    ['phone', PHONE, PEOPLE[1]!],
  ] as const) {
    it(`on a ${device}: "All orders" returns to the same page and place of the list, focus on the order`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, who, smtp);
      await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('45 orders');
      // #sessions is honoured: the orders list is at the top of the screen, not the funnel.
      await eventually(() => topOnScreen(page, '#sessions')).toBeLessThan(5);
      expect(await topOnScreen(page, '#sessions')).toBeGreaterThan(-5);

      await page.locator('#sessions-next').click();
      await eventually(() => page.locator('#sessions-page').textContent()).toBe('21–40 of 45');
      const chosen = listed[27]!;
      const link = page.locator(`#sessions-body tr[data-session-id="${chosen}"] a`);
      await link.scrollIntoViewIfNeeded();
      const before = await page.evaluate(() => window.scrollY);
      await link.click();
      await eventually(() => page.locator('#order-title').textContent()).toBe(await titleOf(chosen));

      await page.getByRole('link', { name: '← All orders' }).click();
      await eventually(() => page.locator('#order').isHidden()).toBe(true);
      expect(await page.locator('#sessions-page').textContent()).toBe('21–40 of 45');
      expect(await focusedRow(page)).toBe(chosen);
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(5);
      await screenshot(page, `merchant-orders-back-from-order-${device}`, false);

      // By keyboard: Enter on the row's link, Enter on "All orders", and the same row has focus again.
      await page.keyboard.press('Enter');
      await eventually(() => page.locator('#order-title').textContent()).toBe(await titleOf(chosen));
      await page.getByRole('link', { name: '← All orders' }).focus();
      await page.keyboard.press('Enter');
      await eventually(() => focusedRow(page)).toBe(chosen);
      expect(problems).toEqual([]);
    });
  }

  it('honours #deliveries, and from an order opened by its address returns to the list heading', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#deliveries`, PEOPLE[2]!, smtp);
    await eventually(() => topOnScreen(page, '#deliveries')).toBeLessThan(5);
    expect(await topOnScreen(page, '#deliveries')).toBeGreaterThan(-5);

    await page.goto(`${server.baseUrl}/merchant#order/${listed[30]}`);
    await eventually(() => page.locator('#order-title').textContent()).toBe(await titleOf(listed[30]!));
    await page.getByRole('link', { name: '← All orders' }).click();
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('sessions-title');
    expect(await page.evaluate(() => location.hash)).toBe('#sessions');
    expect(problems).toEqual([]);
  });
});
