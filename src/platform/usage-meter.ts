// Monthly usage per key: counted in memory, written to SQLite in one transaction per tick and on shutdown.
import type { Db } from '../db/open.ts';

/** How often buffered counts reach disk; a crash loses at most this much counting, a clean stop loses none. */
export const FLUSH_INTERVAL_MS = 1000;

interface MonthCount {
  month: string;
  /** Requests this month including unflushed ones. */
  used: number;
}

export class UsageMeter {
  private readonly current = new Map<number, MonthCount>();
  /** "keyId|month" -> requests not yet written. */
  private readonly pending = new Map<string, number>();
  private readonly selectUsed;
  private readonly upsert;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {
    this.selectUsed = db.prepare<[number, string], { requests: number }>('SELECT requests FROM api_usage WHERE key_id = ? AND month = ?');
    this.upsert = db.prepare(
      `INSERT INTO api_usage (key_id, month, requests) VALUES (?, ?, ?)
       ON CONFLICT (key_id, month) DO UPDATE SET requests = requests + excluded.requests`,
    );
  }

  /** Requests counted for the key in `month` (read from disk once per key and month, then kept in memory). */
  used(keyId: number, month: string): number {
    return this.entry(keyId, month).used;
  }

  /** Counts one request. */
  record(keyId: number, month: string): void {
    this.entry(keyId, month).used += 1;
    const slot = `${keyId}|${month}`;
    this.pending.set(slot, (this.pending.get(slot) ?? 0) + 1);
  }

  /** Writes every buffered count in one transaction. */
  flush(): void {
    if (this.pending.size === 0) return;
    const batch = [...this.pending];
    this.pending.clear();
    try {
      this.db.transaction(() => {
        for (const [slot, count] of batch) {
          const [keyId, month] = slot.split('|') as [string, string];
          this.upsert.run(Number(keyId), month, count);
        }
      })();
    } catch (err) {
      // The transaction rolled back as a whole, so put every count back for the next attempt.
      for (const [slot, count] of batch) this.pending.set(slot, (this.pending.get(slot) ?? 0) + count);
      throw err;
    }
  }

  /** Starts the periodic flush; the timer does not keep the process alive. */
  start(intervalMs = FLUSH_INTERVAL_MS): void {
    this.timer ??= setInterval(() => {
      try {
        this.flush();
      } catch (err) {
        console.error('[usage] flush failed; counts stay buffered', err);
      }
    }, intervalMs).unref();
  }

  /** Stops the timer and writes what is left (the shutdown hook). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.flush();
  }

  private entry(keyId: number, month: string): MonthCount {
    let entry = this.current.get(keyId);
    if (!entry || entry.month !== month) {
      const row = this.selectUsed.get(keyId, month);
      // Unflushed counts of this key and month (after a month rollover and back, in tests) still count.
      entry = { month, used: (row?.requests ?? 0) + (this.pending.get(`${keyId}|${month}`) ?? 0) };
      this.current.set(keyId, entry);
    }
    return entry;
  }
}
