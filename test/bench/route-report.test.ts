// bench:load --per-route's report: medians over rounds, and budgets judged on SQLite only.
import { describe, expect, it } from 'vitest';
import type { RouteRun } from '../../bench/load/per-route.ts';
import { formatTable, summarise } from '../../bench/load/route-report.ts';

const run = (store: RouteRun['store'], round: number, serverUs: number, failures: string[] = []): RouteRun => ({
  name: 'GET /checkout-offers',
  kind: 'read',
  store,
  round,
  requests: 1000,
  seconds: 1,
  rps: 1000,
  p50: 1,
  p99: 3,
  serverUs,
  storeUs: store === 'postgres' ? 80 : 0,
  failures,
  poolEnded: false,
});

describe('bench:load per-route report', () => {
  it('takes the median of the rounds and judges it against the budget on SQLite only', () => {
    const [s] = summarise([
      run('sqlite', 1, 90),
      run('sqlite', 2, 130),
      run('sqlite', 3, 110),
      run('postgres', 1, 300),
    ]);
    expect(s!.byStore.sqlite).toMatchObject({ serverUs: 110, rounds: [90, 130, 110], overBudget: true });
    expect(s!.byStore.postgres).toMatchObject({ serverUs: 300, storeUs: 80, overBudget: false });
    const table = formatTable([s!]);
    expect(table).toContain(
      '| GET /checkout-offers | SQLite | 110 (90 / 130 / 110) | – | 1.0 / 3.0 | 1000 | 100 | **over** |',
    );
    expect(table).toContain(
      '| GET /checkout-offers | PostgreSQL | 300 (300) | 80 | 1.0 / 3.0 | 1000 | 100 | (no budget) |',
    );
  });

  it('marks a route whose run failed, whatever its figure', () => {
    const [s] = summarise([run('sqlite', 1, 50, ['3 x 500'])]);
    expect(s!.byStore.sqlite!.failures).toEqual(['round 1: 3 x 500']);
    expect(formatTable([s!])).toMatch(/\| FAIL \|$/);
  });
});
