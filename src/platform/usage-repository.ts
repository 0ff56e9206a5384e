// Request counts per key in the store, per month (the quota) and per UTC day (the dashboard's chart): batched increments, totals read back.
import type { Sql } from '../db/sql.ts';

export interface UsageIncrement {
  keyId: number;
  /** 'YYYY-MM', UTC. */
  month: string;
  requests: number;
}

export interface DailyIncrement {
  keyId: number;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  requests: number;
}

export class UsageRepository {
  constructor(private readonly sql: Sql) {}

  /** Adds every increment, monthly and daily, in one transaction. */
  async add(increments: UsageIncrement[], daily: DailyIncrement[] = []): Promise<void> {
    if (increments.length === 0 && daily.length === 0) return;
    await this.sql.transaction(async (tx) => {
      for (const i of increments) {
        await tx.run(
          `INSERT INTO api_usage (key_id, month, requests) VALUES (?, ?, ?)
           ON CONFLICT (key_id, month) DO UPDATE SET requests = api_usage.requests + excluded.requests`,
          [i.keyId, i.month, i.requests],
        );
      }
      for (const i of daily) {
        await tx.run(
          `INSERT INTO api_usage_daily (key_id, day, requests) VALUES (?, ?, ?)
           ON CONFLICT (key_id, day) DO UPDATE SET requests = api_usage_daily.requests + excluded.requests`,
          [i.keyId, i.day, i.requests],
        );
      }
    });
  }

  /**
   * Adds `requests` to the key's month in one statement, unless that would take it past `limit`: the month's new total,
   * or null when refused. Two nodes (or threads) asking at once are serialised by the row, so the last of a quota is
   * given once.
   */
  async addWithin(keyId: number, month: string, requests: number, limit: number): Promise<number | null> {
    if (requests > limit) return null;
    const row = await this.sql.get<{ requests: number }>(
      `INSERT INTO api_usage (key_id, month, requests) VALUES (?, ?, ?)
       ON CONFLICT (key_id, month) DO UPDATE SET requests = api_usage.requests + excluded.requests
       WHERE api_usage.requests + excluded.requests <= ?
       RETURNING requests`,
      [keyId, month, requests, limit],
    );
    return row?.requests ?? null;
  }

  /** Requests per day of `keyId` from `fromDay` to `toDay` (inclusive, 'YYYY-MM-DD'); days without requests are absent. */
  async daily(keyId: number, fromDay: string, toDay: string): Promise<DailyIncrement[]> {
    const rows = await this.sql.all<{ day: string; requests: number }>(
      'SELECT day, requests FROM api_usage_daily WHERE key_id = ? AND day >= ? AND day <= ? ORDER BY day',
      [keyId, fromDay, toDay],
    );
    return rows.map((r) => ({ keyId, day: r.day, requests: r.requests }));
  }

  /** Requests recorded (by every node) for the key in `month`. */
  async used(keyId: number, month: string): Promise<number> {
    return (
      (
        await this.sql.get<{ requests: number }>('SELECT requests FROM api_usage WHERE key_id = ? AND month = ?', [
          keyId,
          month,
        ])
      )?.requests ?? 0
    );
  }

  /** Totals of `month` for many keys at once (the periodic refresh). */
  async usedMany(keyIds: number[], month: string): Promise<Map<number, number>> {
    if (keyIds.length === 0) return new Map();
    const rows = await this.sql.all<{ key_id: number; requests: number }>(
      `SELECT key_id, requests FROM api_usage WHERE month = ? AND key_id IN (${keyIds.map(() => '?').join(', ')})`,
      [month, ...keyIds],
    );
    return new Map(rows.map((r) => [r.key_id, r.requests]));
  }
}
