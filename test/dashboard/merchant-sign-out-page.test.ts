// Chromium: one tab, two people (a shop counter): what one searched is gone after Sign out or for the next to sign in.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { addUser, createMerchant, placeOrder, type MerchantFixture } from './support/merchant-fixture.ts';
import { DESKTOP, eventually, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let chai: MerchantFixture;
let kulfi: MerchantFixture;
const SEARCH = 'Name, email, phone, pincode or id';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  chai = await createMerchant(server, 'Chai Counter', 'asha@chai-counter.example');
  kulfi = await createMerchant(server, 'Kulfi Corner', 'ravi@kulfi-corner.example');
  for (const [shop, email] of [
    [chai, 'meena@chai-counter.example'],
    [chai, 'deepa@chai-counter.example'],
    [chai, 'kiran@chai-counter.example'],
  ] as const) {
    addUser(server, shop.id, email);
  }
  for (const shop of [chai, kulfi]) {
    expect((await shop.admin('PATCH', 'cod_config', { enable_cod: true })).status).toBe(200);
    await placeOrder(server, smtp, shop, {
      email: `buyer@${shop === chai ? 'chai' : 'kulfi'}.example.in`,
      cartPaise: 19_900,
      pincode: '560001',
      street: 'MG Road',
    });
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** Searches a buyer's email with a status, as the first person at the counter does. */
async function searchBuyer(page: Page, email: string): Promise<void> {
  await page.getByLabel(SEARCH).fill(email);
  await page.getByLabel('Status', { exact: true }).selectOption('completed');
  await page.getByRole('button', { name: 'Apply' }).click();
  await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
}

/** The orders form's search and status, and what the tab keeps. */
async function leftOver(page: Page) {
  return {
    q: await page.getByLabel(SEARCH).inputValue(),
    status: await page.getByLabel('Status', { exact: true }).inputValue(),
    kept: await page.evaluate(() => JSON.stringify(sessionStorage)),
  };
}

describe('one tab, two people, in Chromium', () => {
  it('Sign out forgets the search and the order open: the next person, of another shop, starts clean', async () => {
    const { page, problems } = await openPage(browser, DESKTOP);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'asha@chai-counter.example', smtp);
    await searchBuyer(page, 'buyer@chai.example.in');
    await page.locator('#sessions-body a').first().click();
    await eventually(() => page.locator('#order-title').textContent()).toBe('Order of buyer@chai.example.in');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => location.hash)).toBe('');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);

    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'ravi@kulfi-corner.example', smtp);
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    expect(await leftOver(page)).toMatchObject({ q: '', status: '' });
    expect(await page.locator('#sessions-body').textContent()).toContain('buyer@kulfi.example.in');
    expect(problems).toEqual([]);
  });

  it('a session that ended without Sign out: the next person to sign in does not get the search', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'meena@chai-counter.example', smtp);
    await searchBuyer(page, 'buyer@chai.example.in');
    // The session ends elsewhere (expired, or signed out in another tab): the tab still holds the search.
    await page.context().clearCookies();
    await page.reload();
    await page.locator('#sign-in').waitFor({ state: 'visible' });

    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, 'deepa@chai-counter.example', smtp);
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    const { q, status, kept } = await leftOver(page);
    expect({ q, status }).toEqual({ q: '', status: '' });
    expect(kept).not.toContain('buyer@chai.example.in');
    await page.locator('#sessions').scrollIntoViewIfNeeded();
    await screenshot(page, 'merchant-orders-next-person-phone', false);
    expect(problems).toEqual([]);
  });

  it('an expired session: the next click shows sign-in saying so, with the email, and keeps the search', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    const kiran = 'kiran@chai-counter.example';
    await signInByMail(page, `${server.baseUrl}/merchant#sessions`, kiran, smtp);
    await searchBuyer(page, 'buyer@chai.example.in');
    const past = new Date(Date.now() - 1000).toISOString();
    await server.parts.sql.run(`UPDATE console_sessions SET expires_at = ? WHERE realm = 'merchant'`, [past]);

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    expect(await page.locator('#sign-in-status').textContent()).toBe(
      'Your session has ended (it expired, or was signed out elsewhere). Sign in again to carry on.',
    );
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(kiran);
    await screenshot(page, 'merchant-session-ended-phone', false);

    // The same person signs in again: their search is still there.
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const mail = await smtp.nextMail(kiran, 10_000);
    await page.getByLabel('Code from the email').fill(/sign-in code is (\d{6})/.exec(mail.raw)![1]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await eventually(() => page.locator('#sessions-status-line').textContent()).toBe('1 order');
    expect(await page.getByLabel(SEARCH).inputValue()).toBe('buyer@chai.example.in');
    // The refused calls, as the browser logs them.
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });
});
