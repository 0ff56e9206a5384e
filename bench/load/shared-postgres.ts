// A load run's store in a PostgreSQL server that is already running (--database-url): a database of its own, created
// for the run and dropped after it; its CPU is that of the backends serving that database, read from /proc.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import postgres from 'postgres';
import { openPostgres } from '../../src/db/postgres.ts';
import { cpuOf, mainThreadOf } from '../proc.ts';
import { onInterrupt, STORE } from './interrupt.ts';
import type { RunStore } from './store.ts';

/** Creates `per_route_<random>` in the server `url` points at (which must run on this machine for its CPU to count). */
export async function sharedPostgresStore(url: string): Promise<RunStore> {
  const name = `per_route_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
      forget();
    })());
  const forget = onInterrupt(STORE, close, () => console.error(`left behind: database ${name} (drop it by hand)`));
  return {
    kind: 'postgres',
    env: { DATABASE_URL: own.toString() },
    open: () => openPostgres(own.toString(), { max: 2 }),
    usage: () => backendsUsage(name),
    check: () => Promise.resolve('ok'),
    close,
  };
}

/**
 * CPU and run-queue seconds of the backends connected to `database` now, found by the title PostgreSQL gives each
 * ("postgres: <user> <database> <client> <state>"); a backend that exited since the last reading takes its share along.
 */
function backendsUsage(database: string): { cpu: number; wait: number } {
  let cpu = 0;
  let wait = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!title.startsWith('postgres: ') || title.split(' ')[2] !== database) continue;
      cpu += cpuOf(Number(entry));
      wait += mainThreadOf(Number(entry)).waiting;
    } catch {
      // Gone already, or not ours to read.
    }
  }
  return { cpu, wait };
}
