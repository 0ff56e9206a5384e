// `geopin dashboard allow --plan`: an account's plan is its keys' plan, changed for the keys it already has too, on
// every node within a revocation poll.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeveloperAccountRepository } from '../../../src/dashboard/developer/accounts.ts';
import { systemClock } from '../../../src/kernel/clock.ts';
import { runScript } from '../../support/run-script.ts';
import { commandEnv, startTestServer, type TestServer } from '../../support/server.ts';

let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  env = commandEnv(server);
});
afterAll(() => server?.dispose());

async function usageOf(key: string) {
  const res = await fetch(`${server.baseUrl}/v1/geopin/usage`, { headers: { 'x-api-key': key } });
  return ((await res.json()) as { data: { plan: string; limit: number | null } }).data;
}

describe('dashboard allow --plan', () => {
  it("moves the account's existing keys to the new plan, and leaves others' keys alone", async () => {
    const allow = (email: string, plan: string) =>
      runScript('dashboard-allow.ts', ['--email', email, '--plan', plan], env);
    expect(allow('dev@example.in', 'paid').status).toBe(0);
    expect(allow('other@example.in', 'paid').status).toBe(0);
    const accounts = new DeveloperAccountRepository(server.parts.sql, systemClock);
    const keyOf = async (email: string) => {
      const account = (await accounts.byEmail(email))!;
      return (await server.parts.access.keys.create({ plan: account.plan, ownerId: account.id })).key;
    };
    const [mine, theirs] = [await keyOf('dev@example.in'), await keyOf('other@example.in')];
    expect(await usageOf(mine)).toMatchObject({ plan: 'paid', limit: 100_000 });

    const down = allow('dev@example.in', 'free');
    expect(down.status, down.stderr).toBe(0);
    expect(down.stderr).toContain('1 of its keys moved to this plan');
    await expect.poll(async () => (await usageOf(mine)).plan, { timeout: 3000 }).toBe('free');
    expect(await usageOf(mine)).toMatchObject({ plan: 'free', limit: 25_000 });
    expect(await usageOf(theirs)).toMatchObject({ plan: 'paid' });
  });
});
