// `geopin merchant|dashboard login-link`: a printed URL signs its person in once, with no mail server at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  // No SMTP_* at all: the link is the way in.
  server = await startTestServer();
  env = commandEnv(server);
});
afterAll(() => server?.dispose());

/** Runs the command and returns the URL it printed (stdout holds only that line). */
function printLink(script: string, email: string): string {
  const run = runScript(script, ['--email', email, '--base-url', server.baseUrl], env);
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toContain(`One-time sign-in link for ${email.toLowerCase()}`);
  return run.stdout.trim();
}

async function follow(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { status: res.status, location: res.headers.get('location'), cookie, body: await res.text() };
}

async function sessionOf(api: string, cookie: string) {
  const res = await fetch(`${server.baseUrl}${api}/session`, { headers: { cookie } });
  return ((await res.json()) as { data: { signed_in: boolean; user?: { email: string } } }).data;
}

describe('login-link', () => {
  it('signs a merchant user in to /merchant once: 303 to the page with a session cookie, then 401', async () => {
    const { merchant } = await server.parts.checkout.merchants.create('Chai & Co');
    const added = runScript(
      'merchant-add-user.ts',
      ['--merchant-id', merchant.id, '--email', 'owner@chai.example'],
      env,
    );
    expect(added.status, added.stderr).toBe(0);
    const url = printLink('merchant-login-link.ts', 'Owner@Chai.example');
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/merchant/api/sign-in/link\\?token=gpl_[\\w-]{43}$`));

    // A link checker's HEAD does not use the link up, nor sign anyone in.
    const peek = await fetch(url, { method: 'HEAD', redirect: 'manual' });
    expect([peek.status, peek.headers.get('set-cookie')]).toEqual([303, null]);
    const first = await follow(url);
    expect([first.status, first.location]).toEqual([303, '/merchant']);
    expect(await sessionOf('/merchant/api', first.cookie!)).toMatchObject({
      signed_in: true,
      user: { email: 'owner@chai.example', merchant_id: merchant.id },
    });
    const again = await follow(url);
    expect(again.status).toBe(401);
    expect(JSON.parse(again.body)).toMatchObject({ code: 'invalid_login_link' });
    expect(JSON.parse(again.body).message).toContain('geopin merchant login-link');
  });

  it('signs an allowed developer in to /dashboard; a merchant link does not open the developer dashboard', async () => {
    expect(runScript('dashboard-allow.ts', ['--email', 'dev@example.in'], env).status).toBe(0);
    const url = printLink('dashboard-login-link.ts', 'dev@example.in');
    expect(url.startsWith(`${server.baseUrl}/dashboard/api/sign-in/link?token=`)).toBe(true);
    const crossed = await follow(url.replace('/dashboard/', '/merchant/'));
    expect(crossed.status).toBe(401);
    // The refused try did not use the link up.
    const signedIn = await follow(url);
    expect([signedIn.status, signedIn.location]).toEqual([303, '/dashboard']);
    expect(await sessionOf('/dashboard/api', signedIn.cookie!)).toMatchObject({ signed_in: true });
  });

  it('refuses emails that may not sign in, bad flags and malformed links, saying what to do', async () => {
    const stranger = runScript('dashboard-login-link.ts', ['--email', 'nobody@example.in'], env);
    expect([stranger.status, stranger.stderr]).toEqual([
      1,
      'dashboard login-link: nobody@example.in may not sign in to /dashboard; allow it first: ' +
        'geopin dashboard allow --email nobody@example.in\n',
    ]);
    const noUser = runScript('merchant-login-link.ts', ['--email', 'nobody@example.in'], env);
    expect(noUser.stderr).toContain('add it first: geopin merchant add-user');
    expect(runScript('merchant-login-link.ts', ['--email', 'x'], env).stderr).toContain('--email must be an email');
    const url = runScript('merchant-login-link.ts', ['--email', 'a@b.in', '--base-url', 'ftp://x'], env);
    expect(url.stderr).toContain('--base-url must be');
    const minutes = runScript('dashboard-login-link.ts', ['--email', 'dev@example.in', '--minutes', '0'], env);
    expect(minutes.stderr).toContain('--minutes must be a whole number');
    const missing = await fetch(`${server.baseUrl}/merchant/api/sign-in/link`);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { code: string }).code).toBe('invalid_request');
    const unknown = await follow(`${server.baseUrl}/merchant/api/sign-in/link?token=gpl_nothing`);
    expect(unknown.status).toBe(401);
  });
});
