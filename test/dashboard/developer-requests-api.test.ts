// The developer's plans side by side, a revoked key kept in the list, and each key's latest requests with status and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type Call } from '../support/client.ts';
import { runScript } from '../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';
import { dashboardClient } from './support/client.ts';
import { signInByApi } from './support/sign-in.ts';

const DEV = 'dev@example.in';
let smtp: TestSmtp;
let server: TestServer;
let call: Call;
let as: (method: string, path: string, body?: unknown) => ReturnType<Call>;
beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({ ...smtp.env, DASHBOARD_ALLOWED_EMAILS: 'other@example.in' });
  expect(runScript('dashboard-allow.ts', ['--email', DEV, '--plan', 'paid'], commandEnv(server)).status).toBe(0);
  call = dashboardClient(server);
  const s = await signInByApi(server.baseUrl, '/dashboard/api', DEV, smtp);
  as = (method, path, body) => call(method, path, { body, headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
});
afterAll(async () => {
  await server?.dispose();
  await smtp?.close();
});

const lookup = (key: string, body: unknown) =>
  fetch(`${server.baseUrl}/v1/location/lookup?debug=asha`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('developer dashboard: plans, revoked keys and the request log', () => {
  it('shows every plan side by side beside the account plan', async () => {
    const me = (await as('GET', '/dashboard/api/session')).body.data.user;
    expect(me.plan).toBe('paid');
    expect(me.plans).toEqual([
      expect.objectContaining({ name: 'free', monthly_requests: 25_000, price_inr_per_month: 0 }),
      expect.objectContaining({ name: 'paid', monthly_requests: 100_000, price_inr_per_month: 1_999 }),
      expect.objectContaining({ name: 'enterprise', monthly_requests: null, price_inr_per_month: null }),
    ]);
  });

  it("logs a key's requests with status and time, newest first, and keeps the key listed as revoked", async () => {
    const { key, record } = (await as('POST', '/dashboard/api/keys', { type: 'server', label: 'backend' })).body.data;
    expect((await lookup(key, { latitude: 12.9716, longitude: 77.5946 })).status).toBe(200);
    expect((await lookup(key, { latitude: 'north' })).status).toBe(400);
    expect((await as('DELETE', `/dashboard/api/keys/${record.id}`)).status).toBe(200);
    // Every node refuses a revoked key within a second (its next poll); until then it still answers.
    const code = async () => (await (await lookup(key, { latitude: 12.9716, longitude: 77.5946 })).json()).code;
    await expect.poll(code, { timeout: 5000 }).toBe('key_revoked');

    type Logged = { status: number; method: string; path: string; ms: number };
    const log = async (): Promise<Logged[]> =>
      (await as('GET', `/dashboard/api/keys/${record.id}/requests`)).body.data.requests;
    await expect.poll(async () => (await log())[0]?.status, { timeout: 5000 }).toBe(401);
    const requests = await log();
    const statuses = requests.map((r) => r.status);
    expect(statuses.slice(-2)).toEqual([400, 200]);
    expect(new Set(statuses)).toEqual(new Set([200, 400, 401]));
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/location/lookup' });
    expect(requests.every((r) => r.ms >= 0 && r.ms < 5000)).toBe(true);

    const keys = (await as('GET', '/dashboard/api/keys')).body.data.keys;
    expect(keys.find((k: { id: number }) => k.id === record.id)).toMatchObject({
      label: 'backend',
      revoked_at: expect.any(String),
    });
  });

  it('lists the log newest first by time when two HTTP threads wrote their seconds interleaved', async () => {
    const { record } = (await as('POST', '/dashboard/api/keys', { type: 'server', label: 'threads' })).body.data;
    // Each thread flushes its own second: rows come in by thread, not by time.
    const second = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, 0, s)).toISOString();
    for (const [s, path] of [
      [2, '/a2'],
      [4, '/a4'],
      [1, '/b1'],
      [3, '/b3'],
      [3, '/b3-later'],
    ] as const)
      await server.parts.sql.run(
        'INSERT INTO api_request_log (key_id, at, method, path, status, micros) VALUES (?, ?, ?, ?, 200, 1000)',
        [record.id, second(s), 'GET', path],
      );
    const requests = (await as('GET', `/dashboard/api/keys/${record.id}/requests`)).body.data.requests;
    // Same time: the one written last first, as before.
    expect(requests.map((r: { path: string }) => r.path)).toEqual(['/a4', '/b3-later', '/b3', '/a2', '/b1']);
  });

  it("refuses another account's key and malformed ids", async () => {
    const other = await signInByApi(server.baseUrl, '/dashboard/api', 'other@example.in', smtp);
    const { record } = (
      await call('POST', '/dashboard/api/keys', {
        body: { type: 'server' },
        headers: { cookie: other.cookie, 'x-csrf-token': other.csrf },
      })
    ).body.data;
    const foreign = await as('GET', `/dashboard/api/keys/${record.id}/requests`);
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'key_not_found']);
    for (const id of ['0', 'abc', '99999999999']) {
      expect((await as('GET', `/dashboard/api/keys/${id}/requests`)).status).toBe(400);
    }
  });
});
