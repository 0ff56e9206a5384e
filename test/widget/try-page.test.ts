// Trying the widget on a development server: `widget try` sets up a demo merchant as a merchant would over the API and
// prints the demo store page, which embeds the snippet under a strict CSP; production has no such page.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, errorCode, type Call } from '../support/client.ts';
import { repoRoot } from '../support/paths.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';

const run = promisify(execFile);
let server: TestServer;
let call: Call;

beforeAll(async () => {
  server = await startTestServer();
  call = clientFor(server);
});
afterAll(async () => server?.dispose());

/** `npm run widget:try -- …` against the test server's store; never throws, resolves with what it printed. */
async function widgetTry(args: string[]) {
  const tsx = join(repoRoot, 'node_modules/.bin/tsx');
  const env = { ...process.env, ...commandEnv(server) };
  try {
    const { stdout, stderr } = await run(tsx, [join(repoRoot, 'scripts/widget-try.ts'), ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('widget try', () => {
  it('makes a demo merchant ready for both payments and prints its demo page', async () => {
    const out = await widgetTry(['--url', server.baseUrl, '--name', 'Kurta demo']);
    expect(out.code, out.stderr).toBe(0);
    const id = /merchant_id=(\S+)/.exec(out.stdout)![1]!;
    const page = new URL(/open (\S+)/.exec(out.stdout)![1]!);
    expect(page.origin + page.pathname).toBe(`${server.baseUrl}/widget/try`);
    expect(page.searchParams.get('merchant')).toBe(id);
    const merchant = (await server.parts.checkout.merchants.byId(id))!;
    expect(merchant).toMatchObject({ name: 'Kurta demo', allowed_origins: [server.baseUrl], enable_cod: true });
    expect(merchant.payment_enabled).toBe(true);

    const res = await fetch(page);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<script type="module" src="/widget/v1/geopin-checkout.js"></script>');
    expect(html).toContain(`<geopin-checkout merchant="${id}" location-key="${page.searchParams.get('key')}"`);
    expect(html).not.toMatch(/<script>|<style|style="/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
  });

  it('says how to start a development server when none answers', async () => {
    const out = await widgetTry(['--url', 'http://127.0.0.1:9']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('start one with NODE_ENV=development');
  });
});

describe('GET /widget/try', () => {
  it('refuses a page without a merchant id and public key (400)', async () => {
    const res = await call('GET', '/widget/try?merchant=x&key=gp_sk_secret');
    expect([res.status, errorCode(res)]).toEqual([400, 'invalid_request']);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(['key', 'merchant']);
  });
});
