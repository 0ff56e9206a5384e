// Chromium: searching orders as a person does, with a slow server: the newest search wins and the list says it is busy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { addUser, createMerchant, placeOrder, refundDue, type MerchantFixture } from './support/merchant-fixture.ts';
import { axeViolations, DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
/** The order of 45 days ago. */
let oldOrder: string;
const USER = 'owner@kolkata-tea.example';
const SEARCH = 'Name, email, phone, pincode or id';
/** The day `offset` days from today in IST, as a date box holds it. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Kolkata Tea', USER);
  for (const who of ['support', 'desk', 'ops']) {
    const email = `${who}@kolkata-tea.example`;
    addUser(server, shop.id, email);
  }
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  for (const [email, pincode, name] of [
    ['priya.sen@example.in', '560001', 'Priya Sen'],
    ['priya.das@example.in', '560001', 'Priya Das'],
    ['meera@example.in', '700029', 'Meera Iyer'],
  ] as const)
    await placeOrder(server, smtp, shop, { email, cartPaise: 249_900, pincode, street: 'Rash Behari Avenue', name });
  // An order of 45 days ago, paid by cash on delivery after an online payment the gateway took: a refund is due.
  const old = await placeOrder(server, smtp, shop, {
    email: 'old.buyer@example.in',
    cartPaise: 249_900,
    pincode: '700029',
    street: 'Jatin Das Road',
    phone: '98300 45045',
  });
  oldOrder = old.sessionId;
  const longAgo = new Date(Date.now() - 45 * 86_400_000).toISOString();
  await server.parts.sql.run('UPDATE checkout_sessions SET created_at = ? WHERE id = ?', [longAgo, old.sessionId]);
  await refundDue(server, shop.id, old.sessionId, {
    orderId: 'order_Old45days',
    paymentId: 'pay_Old45days',
    amountPaise: 249_900,
    reason: 'session_already_paid',
    at: longAgo,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** Holds each orders search of the page for a while (longer for `slow`), as a loaded server would. */
async function slowSearches(page: Page, slow: string, slowMs: number, otherMs: number): Promise<void> {
  await page.route(
    (url) => url.pathname === '/checkout-admin' && url.searchParams.get('action') === 'sessions',
    async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q');
      await new Promise((resolve) => setTimeout(resolve, q === slow ? slowMs : otherMs));
      // The page may have aborted the request meanwhile: then there is nothing left to answer.
      await route.continue().catch(() => undefined);
    },
  );
}

describe('searching orders in Chromium', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`on a ${device}: a newer search wins over an older, slower one, and the list says it is searching`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
      const line = page.locator('#sessions-status-line');
      await eventually(() => line.textContent()).toBe('3 orders');
      await slowSearches(page, 'priya', 2500, 1000);
      const priyaDone = page.waitForEvent('requestfailed', (r) => r.url().includes('q=priya'));

      await page.getByLabel(SEARCH).fill('priya');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByLabel(SEARCH).fill('700029');
      await page.getByRole('button', { name: 'Apply' }).click();
      const list = page.locator('#sessions-list');
      expect(await list.getAttribute('aria-busy')).toBe('true');
      expect(await line.textContent()).toBe('Searching…');
      await page.locator('#sessions-filter').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-orders-searching-${device}`, false);

      await eventually(() => line.textContent(), 5_000).toBe('1 order');
      expect(await list.getAttribute('aria-busy')).toBe('false');
      // The older search was dropped: its late answer can no longer replace the list.
      await priyaDone;
      await page.waitForTimeout(300);
      expect(await line.textContent()).toBe('1 order');
      expect(await page.locator('#sessions-body').textContent()).toContain('meera@example.in');
      expect(await page.locator('#sessions-body').textContent()).not.toContain('priya');
      expect(await page.getByLabel(SEARCH).inputValue()).toBe('700029');
      expect(problems.filter((p) => !/requestfailed.*q=priya.*ERR_ABORTED/.test(p))).toEqual([]);
    });
  }

  it('finds an old order by its exact email, phone or payment id, lists old refunds due, and offers all dates', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'support@kolkata-tea.example', smtp);
    const line = page.locator('#sessions-status-line');
    const scope = page.locator('#sessions-scope');
    const rows = page.locator('#sessions-body');
    await eventually(() => line.textContent()).toBe('3 orders');
    const search = async (q: string, refunds = '') => {
      await page.getByLabel(SEARCH).fill(q);
      await page.getByLabel('Refunds', { exact: true }).selectOption(refunds);
      await page.getByRole('button', { name: 'Apply' }).click();
    };

    // A phone as a courier quotes it names the buyer too, and so does the reference the widget showed the buyer.
    const reference = oldOrder.slice(0, 8);
    for (const q of ['old.buyer@example.in', 'pay_Old45days', '+91 98300 45045', reference, `#${reference}`]) {
      await search(q);
      await eventually(() => line.textContent()).toBe('1 order');
      expect(await rows.textContent()).toContain('old.buyer@example.in');
      expect(await rows.locator('.order-ref').textContent()).toBe(`ref ${reference}`);
      expect(await scope.textContent()).toMatch(/^Searched all dates: an exact email, phone, order reference, order/);
    }
    await search('', 'true');
    await eventually(() => line.textContent()).toBe('1 order');
    expect(await rows.textContent()).toContain('old.buyer@example.in');
    expect(await scope.textContent()).toContain('Refunds due are listed from all dates');
    await page.locator('#sessions-filter').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-refunds-all-dates-phone', false);
    // The merchant may still keep to the form's dates, in one click.
    await scope.getByRole('button', { name: /^Only / }).click();
    await eventually(() => line.textContent()).toBe('0 orders');

    // Part of an email searches the form's dates; finding nothing there, the list says the dates may hide it.
    await search('old.buyer');
    await eventually(() => line.textContent()).toBe('0 orders');
    expect(await rows.textContent()).toMatch(/ was searched: the dates may hide the order\. Search all dates$/);
    expect(await scope.isVisible()).toBe(false);
    await screenshot(page, 'merchant-orders-dates-may-hide-phone', false);
    await rows.getByRole('button', { name: 'Search all dates' }).click();
    await eventually(() => line.textContent()).toBe('1 order');
    expect(await scope.textContent()).toMatch(/^Searched all dates\./);
    expect(problems).toEqual([]);
  });

  it("finds orders by the buyer's name or surname in the form's dates, each row naming who it ships to", async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'ops@kolkata-tea.example', smtp);
    const line = page.locator('#sessions-status-line');
    const rows = page.locator('#sessions-body tr');
    await eventually(() => line.textContent()).toBe('3 orders');
    const search = async (q: string) => {
      await page.getByLabel(SEARCH).fill(q);
      await page.getByRole('button', { name: 'Apply' }).click();
    };
    await search('Sen');
    await eventually(() => line.textContent()).toBe('1 order');
    const buyer = rows.first().locator('td[data-label="Buyer"]');
    expect(await buyer.locator('.ship-name').textContent()).toBe('Priya Sen');
    expect(await buyer.locator('.buyer-email').textContent()).toBe('priya.sen@example.in');
    await search('meera iy');
    await eventually(() => line.textContent()).toBe('1 order');
    expect(await rows.first().textContent()).toContain('Meera Iyer');
    // The buyer of 45 days ago is outside the form's dates: a name is not an identifier that searches them all.
    await search('Asha');
    await eventually(() => line.textContent()).toBe('0 orders');
    await search('priya');
    await eventually(() => line.textContent()).toBe('2 orders');
    await page.locator('#sessions-filter').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-by-name-desktop', false);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lists no orders for days not begun yet, and a first list that fails says so instead of "Searching…"', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, USER, smtp);
    const line = page.locator('#sessions-status-line');
    await eventually(() => line.textContent()).toBe('3 orders');
    // Tomorrow on: what "today" in IST is, seen in UTC after midnight IST.
    await page.getByLabel('From', { exact: true }).fill(day(1));
    await page.getByLabel('To', { exact: true }).fill(day(2));
    await page.getByRole('button', { name: 'Apply' }).click();
    await eventually(() => line.textContent()).toBe('0 orders');
    await page.reload();
    await eventually(() => line.textContent()).toBe('0 orders');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(day(1));

    await page.route(
      (url) => url.pathname === '/checkout-admin' && url.searchParams.get('action') === 'sessions',
      (route) => route.fulfill({ status: 503, json: { success: false, error: { code: 'x', message: 'Busy' } } }),
    );
    await page.reload();
    await eventually(() => line.textContent()).toMatch(/^Could not list the orders: .+ Try again\.$/);
    expect(await page.locator('#sessions-body').textContent()).toBe('The orders could not be listed.');
    expect(await page.locator('#sessions-list').getAttribute('aria-busy')).toBe('false');
    // The refusals this test made, and requests a reload cut short on a slow machine.
    expect(problems.filter((p) => !p.includes('503') && !/requestfailed.*ERR_ABORTED/.test(p))).toEqual([]);
  });

  for (const [device, viewport, who] of [
    ['desktop', DESKTOP, 'desk@kolkata-tea.example'],
    ['phone', PHONE, 'ops@kolkata-tea.example'],
  ] as const) {
    it(`on a ${device}: bad dates are said under their field, and no older list stays under the message`, async () => {
      const { page, problems } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/merchant#sessions`, who, smtp);
      const line = page.locator('#sessions-status-line');
      const rows = page.locator('#sessions-body');
      await eventually(() => line.textContent()).toBe('3 orders');
      const from = page.getByLabel('From', { exact: true });
      const to = page.getByLabel('To', { exact: true });

      await from.fill(day(0));
      await to.fill(day(-1));
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => rows.textContent()).toBe('Fix the dates above to list orders.');
      expect(await line.textContent()).toBe('Check the dates: nothing was searched.');
      expect(await page.locator('#sessions-from-error').textContent()).toMatch(/^From must be on or before To \(/);
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('sessions-from');
      expect(await page.locator('#sessions-page').textContent()).toBe('');
      await page.locator('#sessions-filter').scrollIntoViewIfNeeded();
      await screenshot(page, `merchant-orders-bad-dates-${device}`, false);
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect(await line.textContent()).toBe('Fix the dates above and Apply: there is no list to export yet.');

      // A six-digit year, as a slip of the keyboard in the date box's year gives.
      await from.fill(day(-3));
      await to.evaluate((input: HTMLInputElement) => {
        input.value = '202026-11-29';
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => page.locator('#sessions-to-error').textContent()).toMatch(
        /^Enter a date from 1 Jan 2000 to 31 Dec \d{4}\.$/,
      );
      expect(await page.locator('#sessions-from-error').isVisible()).toBe(false);
      expect(await page.locator('#sessions').textContent()).not.toMatch(/Invalid time value|must not be after/);

      await to.fill(day(0));
      await eventually(() => page.locator('#sessions-to-error').isVisible()).toBe(false);
      await page.getByRole('button', { name: 'Apply' }).click();
      await eventually(() => line.textContent()).toBe('3 orders');
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }
});
