// Each key's latest requests (path, status, latency): buffered per thread, written once a second, the newest kept per key.
import type { Sql } from '../db/sql.ts';
import { every, type Repeating } from '../kernel/every.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { OutageLog } from '../kernel/outage-log.ts';

/** One answered request of a key. */
export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  /** Time to answer, in milliseconds (three decimals). */
  ms: number;
}

/** Requests kept per key in the store: the dashboard shows the latest. */
export const KEPT_PER_KEY = 100;
/** Requests one key adds per flush: a key at full speed leaves a sample, not a write load. */
const PER_KEY_PER_FLUSH = 20;
const FLUSH_MS = 1000;

interface Pending {
  keyId: number;
  at: string;
  method: string;
  path: string;
  status: number;
  micros: number;
}

export class RequestLog {
  private pending: Pending[] = [];
  private readonly perKey = new Map<number, number>();
  private flushes: Repeating | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly log: Log = silentLog,
  ) {}

  /** Notes one answered request of `keyId` (cheap: an array push; beyond the per-flush share, nothing). */
  record(keyId: number, atMs: number, method: string, path: string, status: number, seconds: number): void {
    const n = this.perKey.get(keyId) ?? 0;
    if (n >= PER_KEY_PER_FLUSH) return;
    this.perKey.set(keyId, n + 1);
    const at = new Date(atMs).toISOString();
    this.pending.push({ keyId, at, method: method.toUpperCase(), path, status, micros: Math.round(seconds * 1e6) });
  }

  start(): void {
    const outage = new OutageLog(this.log, 'request log flush', 'warn');
    this.flushes ??= every(FLUSH_MS, () => outage.track(this.flush()));
  }

  async stop(): Promise<void> {
    const flushes = this.flushes;
    this.flushes = null;
    flushes?.stop();
    await flushes?.running();
    await this.flush();
  }

  /** Writes what was noted, then trims each key written to its newest KEPT_PER_KEY. */
  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const rows = this.pending;
    const keys = [...this.perKey.keys()];
    this.pending = [];
    this.perKey.clear();
    await this.sql.transaction(async (tx) => {
      for (const r of rows)
        await tx.run(
          'INSERT INTO api_request_log (key_id, at, method, path, status, micros) VALUES (?, ?, ?, ?, ?, ?)',
          [r.keyId, r.at, r.method, r.path.slice(0, 300), r.status, r.micros],
        );
      for (const keyId of keys)
        await tx.run(
          `DELETE FROM api_request_log WHERE key_id = ? AND id < (SELECT MIN(id) FROM
             (SELECT id FROM api_request_log WHERE key_id = ? ORDER BY id DESC LIMIT ${KEPT_PER_KEY}) newest)`,
          [keyId, keyId],
        );
    });
  }

  /** The key's latest requests, newest first. */
  async recent(keyId: number, limit = KEPT_PER_KEY): Promise<LoggedRequest[]> {
    const rows = await this.sql.all<Omit<Pending, 'keyId'>>(
      'SELECT at, method, path, status, micros FROM api_request_log WHERE key_id = ? ORDER BY id DESC LIMIT ?',
      [keyId, limit],
    );
    return rows.map((r) => ({
      at: r.at,
      method: r.method,
      path: r.path,
      status: r.status,
      ms: Math.round(r.micros) / 1000,
    }));
  }
}
