// Chromium by keyboard: focus stays on an offer's Switch off/on button after it is pressed, and Sign out leaves focus
// on the sign-in form's email field, in both consoles.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant, type MerchantFixture } from './support/merchant-fixture.ts';
import { eventually, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
let shop: MerchantFixture;
const USER = 'owner@focus.example';
const DEVELOPER = 'dev@focus.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  shop = await createMerchant(server, 'Focus shop', USER);
  const res = await fetch(`${server.baseUrl}/checkout-offers`, {
    method: 'POST',
    headers: { 'x-api-key': shop.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'create', title: 'Monsoon 5%', discount_type: 'percent', discount_value: 5 }),
  });
  expect(res.status).toBe(200);
  expect(runScript('dashboard-allow.ts', ['--email', DEVELOPER], commandEnv(server)).status).toBe(0);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** The focused element's accessible name (its aria-label, else its id). */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id ?? '');

describe('keyboard focus in the consoles, in Chromium', () => {
  it('keeps focus on the offer switch pressed, off then on again', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await signInByMail(page, `${server.baseUrl}/merchant#offers`, USER, smtp);
    const off = page.getByRole('button', { name: 'Switch off Monsoon 5%' });
    await off.focus();
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Monsoon 5% is off');
    expect(await focused(page)).toBe('Switch on Monsoon 5%');
    await page.keyboard.press('Enter');
    await eventually(() => page.locator('#offers-status').textContent()).toBe('Monsoon 5% is on');
    expect(await focused(page)).toBe('Switch off Monsoon 5%');
    await screenshot(page, 'merchant-offer-switch-focus-phone', false);
    expect(problems).toEqual([]);
  });

  for (const [name, path, email] of [
    ['merchant console', '/merchant', USER],
    ['developer dashboard', '/dashboard', DEVELOPER],
  ] as const) {
    it(`${name}: Sign out leaves focus on the email field of the sign-in form`, async () => {
      const { page, problems } = await openPage(browser, LAPTOP);
      await signInByMail(page, `${server.baseUrl}${path}`, email, smtp);
      await page.getByRole('button', { name: 'Sign out' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#sign-in').waitFor({ state: 'visible' });
      await eventually(() => focused(page)).toBe('sign-in-email-input');
      expect(await page.locator('#sign-in-status').textContent()).toBe('You are signed out.');
      await screenshot(page, `console-signed-out-focus-${path.slice(1)}`, false);
      // A reload later is a fresh start: nothing is said.
      await page.reload();
      await page.locator('#sign-in').waitFor({ state: 'visible' });
      expect(await page.locator('#sign-in-status').textContent()).toBe('');
      expect(problems).toEqual([]);
    });
  }
});
