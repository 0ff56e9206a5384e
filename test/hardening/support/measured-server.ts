// A server child process on a fresh SQLite file whose memory (VmRSS) and CPU time (utime+stime) the test reads from /proc.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MerchantRepository } from '../../../src/checkout/merchant-repository.ts';
import { openSqlite } from '../../../src/db/sqlite.ts';
import { systemClock } from '../../../src/kernel/clock.ts';
import { ApiKeyRepository } from '../../../src/platform/api-keys.ts';
import { spawnServer, type Child } from '../../webhooks/support/child.ts';

export interface MeasuredServer {
  child: Child;
  port: number;
  url: string;
  /** The server's SQLite file, for operator commands run beside it. */
  dbPath: string;
  /** A merchant and its api key, and an enterprise location key without a burst limit worth the name. */
  merchant: { id: string; key: string };
  locationKey: string;
  /** Resident set size now, in bytes. */
  rssBytes(): number;
  /** User plus system CPU time so far, in clock ticks (1/100 s). */
  cpuTicks(): number;
  stop(): Promise<void>;
}

/** Credentials are written to the file before the server starts, as an operator's CLI would. */
export async function startMeasuredServer(env: Record<string, string> = {}): Promise<MeasuredServer> {
  const dir = mkdtempSync(join(tmpdir(), 'hardening-'));
  const dbPath = join(dir, 'app.sqlite');
  const sql = openSqlite(dbPath);
  let merchant: { id: string; key: string };
  let locationKey: string;
  try {
    const created = await new MerchantRepository(sql, systemClock).create('Measured shop', ['https://shop.example']);
    merchant = { id: created.merchant.id, key: created.apiKey };
    locationKey = (
      await new ApiKeyRepository(sql, systemClock).create({
        plan: 'enterprise',
        label: 'hardening',
        rateLimitOverride: 1_000_000,
      })
    ).key;
  } finally {
    await sql.close();
  }
  const child = await spawnServer({ DB_PATH: dbPath, LOG_LEVEL: 'info', ...env });
  const pid = child.process.pid!;
  return {
    child,
    port: child.port,
    url: child.url,
    dbPath,
    merchant,
    locationKey,
    rssBytes: () => Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024,
    cpuTicks() {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after "(comm)": state is field 3, so utime (14) and stime (15) are at 11 and 12.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    },
    async stop() {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGTERM');
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Samples `read` every `everyMs` until stopped; `stop()` returns the largest value seen. */
export function samplePeak(read: () => number, everyMs = 10): { stop(): number } {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}

/** Waits until `read` stops falling (two samples `everyMs` apart within `slack`), at most `maxMs`; returns the last value. */
export async function settled(
  read: () => number,
  { everyMs = 250, slack = 1 << 20, maxMs = 5000 } = {},
): Promise<number> {
  let last = read();
  for (let waited = 0; waited < maxMs; waited += everyMs) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    const now = read();
    if (last - now < slack) return now;
    last = now;
  }
  return last;
}
