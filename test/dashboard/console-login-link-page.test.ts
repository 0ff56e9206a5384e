// Chromium follows a printed sign-in link a second time, or after it expired: it lands on the sign-in form, told why in
// plain words, instead of a page of JSON; an API client still gets the JSON refusal.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { createMerchant } from './support/merchant-fixture.ts';
import { eventually, LAPTOP, openPage, PHONE, screenshot } from './support/page.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
const MERCHANT_USER = 'owner@link.example';
const DEVELOPER = 'dev@link.example';
const USED = 'This sign-in link was already used or has expired; sign in with your email.';
/** The page's own POST of a used link, refused: the browser logs the 401 it was answered. */
const REFUSED_LINK = 'status of 401';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env });
  await createMerchant(server, 'Link shop', MERCHANT_USER);
  expect(runScript('dashboard-allow.ts', ['--email', DEVELOPER], commandEnv(server)).status).toBe(0);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

function printLink(script: string, email: string): string {
  const run = runScript(script, ['--email', email, '--base-url', server.baseUrl], commandEnv(server));
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe('a used or expired sign-in link in Chromium', () => {
  for (const [name, script, email, page_] of [
    ['merchant console', 'merchant-login-link.ts', MERCHANT_USER, '/merchant'],
    ['developer dashboard', 'dashboard-login-link.ts', DEVELOPER, '/dashboard'],
  ] as const) {
    it(`${name}: a second visit lands on the sign-in form saying the link was used`, async () => {
      const url = printLink(script, email);
      const first = await openPage(browser, LAPTOP);
      await first.page.goto(url);
      await first.page.locator('#app').waitFor({ state: 'visible' });
      expect(new URL(first.page.url()).pathname).toBe(page_);

      const { page, problems } = await openPage(browser, PHONE);
      await page.goto(url);
      await page.locator('#sign-in').waitFor({ state: 'visible' });
      expect(await page.locator('#sign-in-status').textContent()).toBe(USED);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-email-input');
      // The address is the page's own: a reload does not say it again.
      expect(page.url()).toBe(`${server.baseUrl}${page_}`);
      await screenshot(page, `console-login-link-used-${page_.slice(1)}-phone`, false);
      await page.reload();
      await page.locator('#sign-in').waitFor({ state: 'visible' });
      expect(await page.locator('#sign-in-status').textContent()).toBe('');
      expect(problems.filter((p) => !p.includes(REFUSED_LINK))).toEqual([]);

      // A script or API client keeps the JSON answer.
      const api = await fetch(url, { redirect: 'manual', headers: { accept: 'application/json' } });
      expect(api.status).toBe(401);
      expect(((await api.json()) as { code: string }).code).toBe('invalid_login_link');
    });
  }

  it('an expired link says the same', async () => {
    const url = printLink('merchant-login-link.ts', MERCHANT_USER);
    await server.parts.sql.run('UPDATE console_login_links SET expires_at = ?', [
      new Date(Date.now() - 1000).toISOString(),
    ]);
    const { page, problems } = await openPage(browser, LAPTOP);
    await page.goto(url);
    await eventually(() => page.locator('#sign-in-status').textContent()).toBe(USED);
    expect(problems.filter((p) => !p.includes(REFUSED_LINK))).toEqual([]);
  });

  it("a chat app's link preview (HTML asked for, no script run) does not use the link up", async () => {
    const url = printLink('merchant-login-link.ts', MERCHANT_USER);
    for (let i = 0; i < 2; i++) {
      const preview = await fetch(url, { redirect: 'manual', headers: { accept: 'text/html,*/*' } });
      expect(preview.status).toBe(303);
      expect(preview.headers.get('set-cookie')).toBeNull();
      const landing = new URL(preview.headers.get('location')!, server.baseUrl);
      expect(landing.pathname).toBe('/merchant');
      expect(landing.hash).toMatch(/^#sign-in-link=/);
      // The page itself, fetched as a preview does: no script runs, nothing is redeemed.
      expect((await fetch(landing)).status).toBe(200);
    }
    const { page, problems } = await openPage(browser, PHONE);
    await page.goto(url);
    await page.locator('#app').waitFor({ state: 'visible' });
    expect(await page.locator('#who').textContent()).toBe(MERCHANT_USER);
    // The token is out of the address once redeemed: not in the history, not in a shared screenshot.
    expect(page.url()).toBe(`${server.baseUrl}/merchant`);
    expect(problems).toEqual([]);
  });

  it('a link a mail app cut short or ran into other text lands on the sign-in form too, not on JSON', async () => {
    const url = printLink('merchant-login-link.ts', MERCHANT_USER);
    const { page, problems } = await openPage(browser, PHONE);
    const base = `${server.baseUrl}/merchant/api/sign-in/link`;
    for (const cut of [`${base}?token=`, `${base}?tok`, base, `${url}%20and%20see%20you%20soon${'!'.repeat(120)}`]) {
      await page.goto(cut);
      await page.locator('#sign-in').waitFor({ state: 'visible' });
      expect(await page.locator('#sign-in-status').textContent()).toBe(USED);
    }
    // The whole link still works: the cut ones did not use it up.
    await page.goto(url);
    await page.locator('#app').waitFor({ state: 'visible' });
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);

    const api = await fetch(`${base}?token=`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(400);
    expect(((await api.json()) as { code: string }).code).toBe('invalid_request');
  });
});
