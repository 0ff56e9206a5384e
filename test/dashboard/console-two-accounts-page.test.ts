// Chromium, one browser, two tabs: signing in as B in the second tab turns the first tab, which showed A, into B's
// console (saying so) instead of A's email over B's keys and a Create key refused for its CSRF token.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant } from './support/merchant-fixture.ts';
import { eventually, LAPTOP, openPage, screenshot } from './support/page.ts';
import { signInByMail } from './support/sign-in.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;
const A = 'asha@two-tabs.example';
const B = 'bala@two-tabs.example';

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  for (const email of [A, B])
    expect(runScript('dashboard-allow.ts', ['--email', email], commandEnv(server)).status).toBe(0);
  await createMerchant(server, 'Shop of A', A);
  await createMerchant(server, 'Shop of B', B);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

/** B signs in in a second tab of the same browser, with a printed link (the first tab's cookie is replaced). */
async function secondTabAsB(first: Awaited<ReturnType<typeof openPage>>, script: string) {
  const link = runScript(script, ['--email', B, '--base-url', server.baseUrl], commandEnv(server)).stdout.trim();
  const second = await first.page.context().newPage();
  await second.goto(link);
  await second.locator('#app').waitFor({ state: 'visible' });
  await eventually(() => second.locator('#who').textContent()).toBe(B);
  return second;
}

describe('two accounts in two tabs of one browser', () => {
  it('developer dashboard: the first tab becomes B’s, says so, and creates B’s key', async () => {
    const first = await openPage(browser, LAPTOP);
    const { page, problems } = first;
    await signInByMail(page, `${server.baseUrl}/dashboard`, A, smtp);
    await eventually(() => page.locator('#who').textContent()).toBe(A);

    await secondTabAsB(first, 'dashboard-login-link.ts');
    await eventually(() => page.locator('#who').textContent()).toBe(B);
    // Said once the page has loaded the account's data (after #who): waited for, not read at once.
    await eventually(() => page.locator('#page-status').textContent()).toBe(
      `You signed in as ${B} in another tab, so this tab, which showed ${A}, now shows ${B}.`,
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'developer-two-tabs-said-laptop', false);
    await page.getByLabel('Label').fill('made in the first tab');
    await page.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => page.locator('#keys-status').textContent()).toMatch(/^Created gp_sk_/);
    await screenshot(page, 'developer-two-tabs-first-laptop', false);
    const accounts = await server.parts.sql.all<{ email: string; label: string }>(
      `SELECT a.email, k.label FROM api_keys k JOIN developer_accounts a ON a.id = k.owner_id`,
    );
    expect(accounts).toEqual([{ email: B, label: 'made in the first tab' }]);

    // B signs in again in the second tab (a new session, a new CSRF token): the first tab's next change still works.
    await secondTabAsB(first, 'dashboard-login-link.ts');
    await page.getByLabel('Label').fill('after the second sign-in');
    await page.getByRole('button', { name: 'Create key' }).click();
    await eventually(() => page.locator('#keys-status').textContent()).toMatch(/^Created gp_sk_/);
    // The first try, refused for its old token, as the browser logs it.
    expect(problems.filter((p) => !p.includes('status of 403'))).toEqual([]);
  });

  it('merchant console: the first tab becomes B’s shop, saying so', async () => {
    const first = await openPage(browser, LAPTOP);
    const { page, problems } = first;
    await signInByMail(page, `${server.baseUrl}/merchant`, A, smtp);
    await eventually(() => page.locator('#merchant-name').textContent()).toBe('· Shop of A');

    await secondTabAsB(first, 'merchant-login-link.ts');
    await eventually(() => page.locator('#merchant-name').textContent()).toBe('· Shop of B');
    expect(await page.locator('#who').textContent()).toBe(B);
    // Said once the page has loaded the account's data (after #who): waited for, not read at once.
    await eventually(() => page.locator('#page-status').textContent()).toBe(
      `You signed in as ${B} in another tab, so this tab, which showed ${A}, now shows ${B}.`,
    );
    expect(problems).toEqual([]);
  });
});
