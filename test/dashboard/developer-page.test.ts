// Chromium drives /dashboard on a phone and a desktop: sign in with a mailed code, see the plans, create a key, use it,
// watch its usage and request log, revoke it and see it stay listed as revoked.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import {
  axeViolations,
  DESKTOP,
  eventually,
  horizontalOverflow,
  openPage,
  PHONE,
  screenshot,
  unlabelledFields,
} from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
const LISTED = 'listed@example.in';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    ...smtp.env,
    DASHBOARD_ALLOWED_EMAILS: `${LISTED}, other@example.in`,
    CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500',
  });
  for (const [email, plan] of [
    ['desktop@example.in', 'free'],
    ['phone@example.in', 'paid'],
  ]) {
    const allowed = runScript('dashboard-allow.ts', ['--email', email!, '--plan', plan!], commandEnv(server));
    expect(allowed.status, allowed.stderr).toBe(0);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

const encode = (key: string) =>
  fetch(`${server.baseUrl}/v1/geopin/encode?latitude=12.9716&longitude=77.5946`, { headers: { 'x-api-key': key } });

describe('developer dashboard in Chromium', () => {
  for (const [device, viewport, plan, limit] of [
    ['desktop', DESKTOP, 'Free', '25,000'],
    ['phone', PHONE, 'Paid', '1,00,000'],
  ] as const) {
    it(`on a ${device}: shows the plans side by side, logs a key's requests, and keeps it listed once revoked`, async () => {
      const email = `${device}@example.in`;
      const { page, problems, hosts } = await openPage(browser, viewport);
      await signInByMail(page, `${server.baseUrl}/dashboard`, email, smtp);
      await eventually(() => page.locator('#who').textContent()).toBe(email);

      const cards = page.locator('#plan-cards .plan');
      await eventually(() => cards.count()).toBe(3);
      expect(await cards.nth(0).textContent()).toBe(
        `Free${plan === 'Free' ? ' · your plan' : ''}Free25,000 requests a month per key`,
      );
      expect(await cards.nth(1).textContent()).toContain('From ₹1,999 a month1,00,000 requests a month per key');
      expect(await cards.nth(2).textContent()).toContain('Priced by agreementUnlimited requests');
      expect(await page.locator('#plan-cards .plan.current h3').textContent()).toBe(`${plan} · your plan`);
      expect(await page.locator('#plan-text').textContent()).toBe(`You are on the ${plan} plan; new keys get it.`);

      await page.getByLabel('Label').fill(`${device} back end`);
      await page.getByRole('button', { name: 'Create key' }).click();
      const key = (await page.locator('#new-key-value').textContent())!;
      expect(key).toMatch(/^gp_sk_[\w-]{32}$/);
      for (let i = 0; i < 3; i++) expect((await encode(key)).status).toBe(200);
      // Counts and the request log reach the store within a second; Refresh re-reads them.
      await expect
        .poll(
          async () => {
            await page.locator('#usage-refresh').click();
            return page.locator('#keys-body tr').first().locator('td').nth(4).textContent();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(`3 / ${limit}`);
      await expect
        .poll(
          async () => {
            await page.locator('#requests-refresh').click();
            return page.locator('#requests-body tr').count();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toBe(3);
      expect(await page.locator('#requests-body tr').first().textContent()).toMatch(
        /GET \/v1\/geopin\/encode200\d+\.\d ms$/,
      );

      // On a phone the keys table is a list of cards: Revoke is on screen, not off to the side.
      const revoke = page.getByRole('button', { name: `Revoke key ${device} back end` });
      const box = (await revoke.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await revoke.click();
      const row = page.locator('#keys-body tr').first();
      // To the second, as every time in the consoles.
      await eventually(() => row.textContent()).toMatch(/revoked \d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} IST/);
      expect(await row.textContent()).toContain(`${device} back end`);
      expect(await page.getByRole('button', { name: `Revoke key ${device} back end` }).count()).toBe(0);
      await eventually(async () => (await encode(key)).status).toBe(401);
      const refused = await (await encode(key)).json();
      expect(refused.code).toBe('key_revoked');
      await expect
        .poll(
          async () => {
            await page.locator('#requests-refresh').click();
            return page.locator('#requests-body tr').first().textContent();
          },
          { timeout: 15_000, interval: 500 },
        )
        .toContain('401');
      expect(await page.locator('#requests-key option').first().textContent()).toBe(`${device} back end (revoked)`);

      if (device === 'phone') expect(await horizontalOverflow(page)).toBe(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `developer-dashboard-${device}`);
      await page.locator('#keys-title').scrollIntoViewIfNeeded();
      await screenshot(page, `developer-keys-${device}-screen`, false);
      expect(await unlabelledFields(page)).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
    });
  }

  it('offers to send a new code only after a countdown, and signs in with the newest code', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/dashboard`);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill(LISTED);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const resend = page.locator('#sign-in-resend');
    await eventually(() => resend.textContent()).toMatch(/^Send a new code in (60|59|58) s$/);
    expect(await resend.isDisabled()).toBe(true);
    const mail = await smtp.nextMail(LISTED, 10_000);
    const code = /sign-in code is (\d{6})/.exec(mail.raw)![1]!;
    await screenshot(page, 'developer-sign-in-phone', false);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#app').waitFor({ state: 'visible' });
    expect(problems).toEqual([]);
  });

  it('moves focus in document order from the skip link through the sign-in form', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.locator('#sign-in').waitFor({ state: 'visible' });
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      order.push(
        await page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.id || ''),
      );
    }
    expect(order).toEqual(['Skip to content', 'API reference', 'sign-in-email-input', 'Email me a code']);
  });
});
