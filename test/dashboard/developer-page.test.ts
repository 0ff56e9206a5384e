// Chromium drives /dashboard end to end: sign in with a mailed code, create a key, use it, watch the usage chart move, revoke it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import {
  axeViolations,
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
const DEVELOPER = 'dev@example.in';
const LISTED = 'listed@example.in';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, DASHBOARD_ALLOWED_EMAILS: `${LISTED}, other@example.in` });
  const allowed = runScript('dashboard-allow.ts', ['--email', DEVELOPER, '--plan', 'free'], commandEnv(server));
  expect(allowed.status, allowed.stderr).toBe(0);
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
  it('signs in with a mailed code, creates a server key that works, and shows its requests in the usage chart', async () => {
    const { page, problems, hosts } = await openPage(browser);
    await signInByMail(page, `${server.baseUrl}/dashboard`, DEVELOPER, smtp);
    await eventually(() => page.locator('#who').textContent()).toBe(DEVELOPER);
    await eventually(() => page.locator('#plan-text').textContent()).toContain('25,000 requests per key per month');

    await page.getByLabel('Label').fill('production back end');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key-value').textContent())!;
    expect(key).toMatch(/^gp_sk_[\w-]{32}$/);
    await eventually(() => page.locator('#examples').textContent()).toContain(key);
    await eventually(() => page.locator('#usage-total').textContent()).toBe('0');

    for (let i = 0; i < 7; i++) expect((await encode(key)).status).toBe(200);
    // Counts reach the store in the meter's next flush (1 s); Refresh re-reads the key list and the chart together.
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return [
            await page.locator('#usage-total').textContent(),
            await page.locator('#keys-body tr').first().locator('td').nth(4).textContent(),
          ];
        },
        { timeout: 15_000, interval: 500 },
      )
      .toEqual(['7', '7 / 25,000']);
    await eventually(() => page.locator('#usage-chart svg rect.bar title').last().textContent()).toBe(`${today}: 7`);
    expect(await page.locator('#usage-chart svg').getAttribute('aria-label')).toContain('Requests per day');
    await screenshot(page, 'developer-dashboard');

    await page.getByRole('button', { name: 'Revoke key production back end' }).click();
    await eventually(() => page.locator('#keys-body tr').first().textContent()).toContain('revoked');
    await eventually(async () => (await encode(key)).status).toBe(401);

    expect(problems).toEqual([]);
    expect([...hosts]).toEqual([new URL(server.baseUrl).host]);
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('works at phone width: an allow-listed email signs in and creates a public key bound to an origin', async () => {
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.baseUrl}/dashboard`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'developer-sign-in-phone');
    await signInByMail(page, `${server.baseUrl}/dashboard`, LISTED, smtp);
    await page.getByLabel('Public key for websites').check();
    await page.getByLabel('Label').fill('shop widget');
    await page.getByLabel('Allowed origins (one per line)').fill('https://shop.example\nhttps://www.shop.example');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key-value').textContent())!;
    expect(key).toMatch(/^gp_pub_/);
    await eventually(() => page.locator('#keys-body tr').first().textContent()).toContain(
      'https://shop.example, https://www.shop.example',
    );

    const fromShop = await fetch(`${server.baseUrl}/v1/geopin/autocomplete?q=Indiranagar`, {
      headers: { 'x-api-key': key, origin: 'https://shop.example' },
    });
    expect(fromShop.status).toBe(200);
    const elsewhere = await fetch(`${server.baseUrl}/v1/geopin/autocomplete?q=Indiranagar`, {
      headers: { 'x-api-key': key, origin: 'https://evil.example' },
    });
    expect(elsewhere.status).toBe(401);

    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'developer-dashboard-phone');
    await page.locator('#usage-title').scrollIntoViewIfNeeded();
    await screenshot(page, 'developer-usage-phone-screen', false);
    expect(await unlabelledFields(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
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
