// Chromium: the sign-in form says how many tries a wrong code leaves in good English ("1 attempt left"), and an
// expired code just says so, without "(0 attempts left)".
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { createMerchant } from './support/merchant-fixture.ts';
import { eventually, openPage, PHONE, screenshot } from './support/page.ts';

let smtp: TestSmtp;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  expect(runScript('dashboard-allow.ts', ['--email', 'dev@code-words.example'], commandEnv(server)).status).toBe(0);
  await createMerchant(server, 'Code words shop', 'owner@code-words.example');
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
});

describe('what the sign-in form says of a refused code', () => {
  for (const [path, email] of [
    ['/dashboard', 'dev@code-words.example'],
    ['/merchant', 'owner@code-words.example'],
  ] as const) {
    it(`${path}: "4 attempts left" down to "1 attempt left", then "expired" alone`, async () => {
      const { page, problems } = await openPage(browser, PHONE);
      await page.goto(`${server.baseUrl}${path}`);
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      const mail = await smtp.nextMail(email, 10_000);
      const code = /sign-in code is (\d{6})/.exec(mail.raw)![1]!;
      const wrong = code === '000000' ? '111111' : '000000';
      const status = page.locator('#sign-in-status');
      for (const left of ['4 attempts left', '3 attempts left', '2 attempts left', '1 attempt left']) {
        await page.getByLabel('Code from the email').fill(wrong);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await eventually(() => status.textContent()).toBe(`The code is wrong (${left})`);
      }
      await screenshot(page, `console-code-one-left-${path.slice(1)}-phone`, false);

      await server.parts.sql.run('UPDATE otp_codes SET expires_at = ? WHERE email = ?', [
        new Date(Date.now() - 1000).toISOString(),
        email,
      ]);
      await page.getByLabel('Code from the email').fill(code);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await eventually(() => status.textContent()).toBe('The code has expired; request a new one');
      // The refused codes, as the browser logs them.
      expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
    });
  }
});
