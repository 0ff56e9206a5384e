// bench:load --per-route: every route case, seeded as the bench seeds its store, is a request the app answers with 200.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEHIND_PROXY, buyerReadCases, buyerWriteCases, OTP_LIMITS } from '../../bench/load/buyer-route-cases.ts';
import { merchantReadCases, merchantWriteCases } from '../../bench/load/merchant-route-cases.ts';
import { BUDGET_US, type RouteCase } from '../../bench/load/route-case.ts';
import { seedRouteFixtures } from '../../bench/load/route-fixtures.ts';
import { startGatewayEmulator, type RunningEmulator } from '../../src/payments/gateway-emulator.ts';
import { clientFor } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

describe('bench:load per-route cases', () => {
  let smtp: TestSmtp;
  let gateway: RunningEmulator;
  let server: TestServer;
  let cases: RouteCase[];

  beforeAll(async () => {
    const masterKey = randomBytes(32);
    smtp = await startTestSmtp();
    gateway = await startGatewayEmulator();
    server = await startTestServer({
      ...smtp.env,
      ...OTP_LIMITS,
      ...BEHIND_PROXY,
      CHECKOUT_ENCRYPTION_KEY: masterKey.toString('hex'),
      GATEWAY_BASE_URL: gateway.baseUrl,
    });
    const fixtures = await seedRouteFixtures(server.parts.sql, masterKey, { shopSessions: 30, pool: 3 });
    cases = [
      ...buyerReadCases(fixtures),
      ...merchantReadCases(fixtures),
      ...buyerWriteCases(fixtures, 1),
      ...merchantWriteCases(fixtures, 1),
    ];
  });

  afterAll(async () => {
    await server?.dispose();
    await gateway?.close();
    await smtp?.close();
  });

  it('gets 200 for the first request of every case, in the reply schema of its route', async () => {
    const call = clientFor(server);
    for (const c of cases) {
      expect(Object.keys(c.env ?? {}).filter((k) => !(k in OTP_LIMITS) && !(k in BEHIND_PROXY))).toEqual([]);
      const v = c.next(0);
      const reply = await call(c.method, v.path ?? c.path, { raw: v.body, headers: { ...c.headers, ...v.headers } });
      expect({ name: c.name, status: reply.status }).toEqual({ name: c.name, status: 200 });
      // An import measures imports, not the refusal of conflicting rows.
      if (c.name.includes('import_customers')) expect(reply.body.data.error_count).toBe(0);
    }
  });

  it('has a budget for every case and one case per name', () => {
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    for (const c of cases) expect(BUDGET_US[c.kind]).toBeGreaterThan(0);
  });
});
