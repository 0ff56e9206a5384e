// The per-route bench's report: medians over rounds per route and store, budgets flagged, as markdown and JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from '../http/rounds.ts';
import type { RouteRun } from './per-route.ts';
import { BUDGET_US } from './route-case.ts';
import type { StoreKind } from './store.ts';

export interface RouteSummary {
  name: string;
  kind: RouteRun['kind'];
  budgetUs: number;
  byStore: Partial<Record<StoreKind, StoreSummary>>;
}

export interface StoreSummary {
  /** Medians over the rounds. */
  serverUs: number;
  storeUs: number;
  rps: number;
  p50: number;
  p99: number;
  /** Each round's server CPU per request, in round order. */
  rounds: number[];
  overBudget: boolean;
  failures: string[];
}

export function summarise(runs: RouteRun[]): RouteSummary[] {
  const byName = new Map<string, RouteRun[]>();
  for (const r of runs) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return [...byName.values()].map((list) => {
    const first = list[0]!;
    const budgetUs = BUDGET_US[first.kind];
    const byStore: RouteSummary['byStore'] = {};
    for (const store of ['sqlite', 'postgres'] as const) {
      const of = list.filter((r) => r.store === store).sort((a, b) => a.round - b.round);
      if (of.length === 0) continue;
      const serverUs = median(of.map((r) => r.serverUs));
      byStore[store] = {
        serverUs,
        storeUs: median(of.map((r) => r.storeUs)),
        rps: median(of.map((r) => r.rps)),
        p50: median(of.map((r) => r.p50)),
        p99: median(of.map((r) => r.p99)),
        rounds: of.map((r) => r.serverUs),
        // The budgets are for SQLite; PostgreSQL's figures are recorded beside them.
        overBudget: store === 'sqlite' && serverUs > budgetUs,
        failures: of.flatMap((r) => r.failures.map((f) => `round ${r.round}: ${f}`)),
      };
    }
    return { name: first.name, kind: first.kind, budgetUs, byStore };
  });
}

/**
 * Markdown, one row per route and store: the server's CPU per request (median, and each round), the PostgreSQL
 * cluster's beside it, latency, and the verdict against the route's budget (budgets are for SQLite only).
 */
export function formatTable(summaries: RouteSummary[]): string {
  const lines = [
    '| route | store | server µs CPU/req (rounds) | PostgreSQL µs/req | p50 / p99 ms | req/s | budget µs | ok? |',
    '|---|---|--:|--:|--:|--:|--:|---|',
  ];
  for (const r of summaries)
    for (const s of ['sqlite', 'postgres'] as const) {
      const v = r.byStore[s];
      if (!v) continue;
      const rounds = v.rounds.map((u) => u.toFixed(0)).join(' / ');
      const verdict =
        v.failures.length > 0 ? 'FAIL' : s === 'postgres' ? '(no budget)' : v.overBudget ? '**over**' : 'yes';
      lines.push(
        `| ${r.name} | ${s === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${v.serverUs.toFixed(0)} (${rounds}) | ` +
          `${s === 'sqlite' ? '–' : v.storeUs.toFixed(0)} | ${v.p50.toFixed(1)} / ${v.p99.toFixed(1)} | ` +
          `${v.rps.toFixed(0)} | ${r.budgetUs} | ${verdict} |`,
      );
    }
  return lines.join('\n');
}

/** bench/results/per-route-<stores>.json (gitignored): every run and the summaries. */
export function writeResults(stores: StoreKind[], header: string, runs: RouteRun[], summaries: RouteSummary[]): string {
  const dir = join(import.meta.dirname, '..', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `per-route-${stores.join('-')}.json`);
  writeFileSync(file, `${JSON.stringify({ header, summaries, runs }, null, 2)}\n`);
  return file;
}
