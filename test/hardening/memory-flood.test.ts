// Issue 13 "Memory": 150 sockets each sending an 8 MiB body to POST /checkout-admin grew RSS by 1.2 GiB; now RSS stays bounded and flat.
import { afterEach, describe, expect, it } from 'vitest';
import { flood, type FloodResult } from './support/flood.ts';
import { samplePeak, settled, startMeasuredServer, type MeasuredServer } from './support/measured-server.ts';

const MiB = 1 << 20;
/** The probe's shape: 150 sockets, each declaring the import route's 8 MiB limit. */
const SOCKETS = 150;
const BODY = 8 * MiB;
/** The unauthenticated flood runs with the largest budget, so only the header-first check can stop it; the keyed one with a small budget. */
const NO_BUDGET = 2 ** 31;
const BUDGET = 16 * MiB;
const IMPORT = 'POST /checkout-admin?action=import_customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json';
/**
 * Bounds: the probe saw RSS grow by about the bytes it declared (1.2 GiB) and stay there. Here one round may grow RSS by at
 * most 10% of what it declared, and after three rounds (3.6 GiB declared) RSS is within 64 MiB of where it started.
 */
const GROWTH_SHARE = 0.1;
const TOTAL_DRIFT = 64 * MiB;

let server: MeasuredServer;
afterEach(async () => server?.stop());

async function start(budget: number): Promise<void> {
  server = await startMeasuredServer({ BODY_BUDGET_BYTES: String(budget) });
  // Warm the paths the attack takes, so lazily built state is not counted as growth.
  for (let i = 0; i < 20; i++) await fetch(`${server.url}/checkout-admin?action=import_customers`, { method: 'POST', body: '{}' });
}

interface Round {
  before: number;
  peak: number;
  after: number;
  result: FloodResult;
}

/** One attack round with RSS sampled throughout, then given time to come back down. */
async function round(head: string): Promise<Round> {
  const before = await settled(() => server.rssBytes());
  const sampler = samplePeak(() => server.rssBytes());
  const result = await flood({ port: server.port, sockets: SOCKETS, bodyBytes: BODY, head });
  const peak = sampler.stop();
  const after = await settled(() => server.rssBytes());
  return { before, peak, after, result };
}

function report(name: string, rounds: Round[]): void {
  const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
  for (const [i, r] of rounds.entries()) {
    console.log(`${name} round ${i + 1}: declared ${mib(r.result.bytesDeclared)}, sent ${mib(r.result.bytesSent)}; RSS ${mib(r.before)} -> peak ${mib(r.peak)} -> ${mib(r.after)}; ${JSON.stringify(r.result.statuses)}`);
  }
}

describe('memory flood on POST /checkout-admin', () => {
  it('refuses 150 unauthenticated 8 MiB bodies from the headers (401, or a reset of the unread rest), RSS growing by a small fraction of the bytes and not from round to round', async () => {
    await start(NO_BUDGET);
    const rounds = [await round(IMPORT), await round(IMPORT), await round(IMPORT)];
    report('unauthenticated', rounds);
    for (const r of rounds) {
      // uWS closes the socket after the 401 with the body still arriving, so many clients see a reset before the answer.
      expect(Object.keys(r.result.statuses).filter((s) => !['401', 'none'].includes(s))).toEqual([]);
      expect(r.result.statuses['401']).toBeGreaterThan(0);
      expect(r.peak - r.before).toBeLessThan(GROWTH_SHARE * r.result.bytesDeclared);
    }
    expect(rounds[2]!.after - rounds[0]!.before).toBeLessThan(TOTAL_DRIFT);
  }, 120_000);

  it('holds 150 keyed 8 MiB bodies to the global body budget (503 server_busy past it), RSS growing by a small fraction of the bytes and not from round to round', async () => {
    await start(BUDGET);
    const keyed = `${IMPORT}\r\nx-api-key: ${server.merchant.key}`;
    const rounds = [await round(keyed), await round(keyed), await round(keyed)];
    report('keyed', rounds);
    for (const r of rounds) {
      // A body that made it through whole is junk, so 400 invalid_json; none may be taken past the budget.
      expect(Object.keys(r.result.statuses).filter((s) => !['400', '503', 'none'].includes(s))).toEqual([]);
      expect(r.result.statuses['503']).toBeGreaterThan(0);
      expect(r.peak - r.before).toBeLessThan(GROWTH_SHARE * r.result.bytesDeclared);
    }
    expect(rounds[2]!.after - rounds[0]!.before).toBeLessThan(TOTAL_DRIFT);
  }, 120_000);
});
