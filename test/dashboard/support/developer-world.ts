// What the developer dashboard's page tests start from: a server with mail, developers allowed by the operator's
// command (`dashboard allow`), and Chromium.
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser } from '../../support/browser.ts';
import { runScript } from '../../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../../support/smtp.ts';

export interface DeveloperWorld {
  smtp: TestSmtp;
  server: TestServer;
  browser: Browser;
  stop(): Promise<void>;
}

/** `allow`: the emails let in, each with `dashboard allow` and its arguments (e.g. `['--plan', 'free']`). */
export async function startDeveloperWorld(allow: string[], args: string[] = []): Promise<DeveloperWorld> {
  const smtp = await startTestSmtp();
  const server = await startTestServer({ ...smtp.env, CHECKOUT_OTP_SENDS_PER_IP_HOUR: '500' });
  for (const email of allow)
    expect(runScript('dashboard-allow.ts', ['--email', email, ...args], commandEnv(server)).status).toBe(0);
  const browser = await launchBrowser();
  return {
    smtp,
    server,
    browser,
    async stop() {
      await browser.close();
      await server.dispose();
      await smtp.close();
    },
  };
}
