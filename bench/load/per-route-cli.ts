// `npm run bench:load -- --per-route [--store sqlite|postgres|both] [--rounds 2] [--seconds 5] [--only text]
// [--workers 1] [--cpu-prof] [--database-url URL]`: options, rounds, report.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDist } from '../http/servers.ts';
import { interruption } from './interrupt.ts';
import { runRound, type RouteRun } from './per-route.ts';
import { formatProfile } from './route-profile.ts';
import { formatTable, summarise, writeResults } from './route-report.ts';
import type { StoreKind } from './store.ts';

/** Runs every round on every store asked for; resolves with the exit code (1: a route failed, 0 otherwise). */
export async function perRouteMain(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'per-route': { type: 'boolean' },
      store: { type: 'string', default: 'sqlite' },
      rounds: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '8' },
      /** The server's HTTP threads (WORKERS); each has its own store connection. */
      workers: { type: 'string', default: '1' },
      /** Comma-separated substrings of route names, e.g. "sessions,verify". */
      only: { type: 'string', default: '' },
      /** Records in each one-per-request pool (OTP codes, unpaid orders, COD sessions). */
      pool: { type: 'string' },
      'shop-sessions': { type: 'string', default: '3000' },
      'cpu-prof': { type: 'boolean', default: false },
      /** PostgreSQL already running on this machine: each round creates (and drops) a database of its own in it. */
      'database-url': { type: 'string' },
    },
  });
  const stores: StoreKind[] = values.store === 'both' ? ['sqlite', 'postgres'] : [values.store as StoreKind];
  if (!stores.every((s) => s === 'sqlite' || s === 'postgres'))
    throw new Error(`--store must be sqlite, postgres or both, not ${values.store}`);
  const rounds = Number(values.rounds);
  const seconds = Number(values.seconds);
  const warmupSeconds = Number(values.warmup);
  const connections = Number(values.connections);
  const workers = Number(values.workers);
  if (![rounds, seconds, warmupSeconds, connections, workers].every((n) => n > 0))
    throw new Error('numbers must be positive');
  ensureDist();
  const cpuProfDir = values['cpu-prof']
    ? join('bench', 'results', 'profiles', `per-route-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    : undefined;
  const header =
    `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}; per route: a fresh ` +
    `\`node dist/geopin.cjs serve\` (NODE_ENV unset, WORKERS=${workers}), ${warmupSeconds} s warm-up, ${seconds} s ` +
    `measured, ${connections} connections; ${rounds} round(s) on ` +
    stores.map((s) => storeName(s, values['database-url'])).join(' and ');
  console.log(`${header}; load average ${loadavg()[0]!.toFixed(2)} before`);
  const runs: RouteRun[] = [];
  try {
    for (const store of stores)
      for (let round = 1; round <= rounds; round++) {
        console.log(`${store}, round ${round}:`);
        runs.push(
          ...(await runRound({
            store,
            round,
            seconds,
            warmupSeconds,
            connections,
            workers,
            only: values.only ? values.only.split(',') : [],
            sizes: {
              shopSessions: Number(values['shop-sessions']),
              pool: Number(values.pool ?? (store === 'sqlite' ? 24_000 : 6_000)),
            },
            cpuProfDir,
            databaseUrl: values['database-url'],
          })),
        );
      }
  } catch (err) {
    // After Ctrl-C the run fails on purpose (its server was stopped); wait for the cleanup, which exits the process.
    await (interruption() ?? Promise.reject(err instanceof Error ? err : new Error(String(err))));
    throw err;
  }
  const summaries = summarise(runs);
  console.log(`\n${formatTable(summaries)}\n`);
  if (cpuProfDir) printProfiles(runs);
  console.log(
    `results: ${writeResults(stores, header, runs, summaries)}; load average ${loadavg()[0]!.toFixed(2)} after`,
  );
  const failed = summaries.filter((s) => Object.values(s.byStore).some((v) => v.failures.length > 0));
  for (const s of failed)
    for (const v of Object.values(s.byStore)) for (const f of v.failures) console.error(`FAIL ${s.name}: ${f}`);
  return failed.length > 0 ? 1 : 0;
}

function storeName(store: StoreKind, databaseUrl: string | undefined): string {
  if (store === 'sqlite') return 'SQLite (a file, in the server process)';
  if (!databaseUrl) return 'PostgreSQL (a throwaway embedded cluster)';
  const { hostname, port } = new URL(databaseUrl);
  return `PostgreSQL (a database of its own in the server at ${hostname}:${port})`;
}

/** Where each route's CPU went over its measured run (the profiles themselves stay in bench/results/profiles/). */
function printProfiles(runs: RouteRun[]): void {
  for (const r of runs)
    if (r.profile) console.log(formatProfile(`${r.name}, ${r.store} round ${r.round}:`, r.profile), '\n');
}
