// Asking for a dashboard sign-in code again: nothing new within the minute, a new code (replacing the first) after it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { dashboardClient } from './support/client.ts';

const EMAIL = 'dev@example.in';
let smtp: TestSmtp;
let server: TestServer;
let call: Call;
/** The app's clock runs this far ahead of the wall clock. */
let aheadMs = 0;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer(
    { ...smtp.env, DASHBOARD_ALLOWED_EMAILS: EMAIL },
    () => new Date(Date.now() + aheadMs),
  );
  call = dashboardClient(server);
});
afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

const ask = (email = EMAIL) => call('POST', '/dashboard/api/sign-in/code', { body: { email } });
const verify = (code: string) => call('POST', '/dashboard/api/sign-in/verify', { body: { email: EMAIL, code } });

describe('sign-in code, sent again', () => {
  it('says when the page may offer to send again, the same for every email', async () => {
    const known = await ask();
    const unknown = await ask('nobody@example.in');
    expect(known.body).toEqual({
      success: true,
      data: { message: expect.stringContaining('Send again'), resend_after_seconds: 60 },
    });
    expect(unknown.body).toEqual(known.body);
  });

  it('mails nothing new within the minute, then a new code that replaces the first', async () => {
    const first = await smtp.nextCode(EMAIL);
    expect((await ask()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.count(EMAIL)).toBe(1);

    aheadMs += 61_000;
    expect((await ask()).status).toBe(200);
    const second = await smtp.nextCode(EMAIL);
    expect(smtp.count(EMAIL)).toBe(2);
    if (second !== first) expect((await verify(first)).status).toBe(401);
    expect((await verify(second)).status).toBe(200);
  });
});
