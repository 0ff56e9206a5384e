// Chromium: searching orders as a person does, with a slow server: the newest search wins and the list says it is busy.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, placeOrder, type MerchantFixture } from './support/merchant-fixture.ts';
import { DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@kolkata-tea.example';
const SEARCH = 'Email, phone, pincode, order or payment id';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Kolkata Tea', USER);
  expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
  for (const [email, pincode] of [
    ['priya.sen@example.in', '560001'],
    ['priya.das@example.in', '560001'],
    ['meera@example.in', '700029'],
  ] as const)
    await placeOrder(server, smtp, shop, { email, cartPaise: 249_900, pincode, street: 'Rash Behari Avenue' });
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
});
