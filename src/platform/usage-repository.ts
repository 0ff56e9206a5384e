// Monthly request counts per key in the store: batched increments, and the totals every node reads back.
import type { Sql } from '../db/sql.ts';

export interface UsageIncrement {
  keyId: number;
  /** 'YYYY-MM', UTC. */
  month: string;
  requests: number;
}

export class UsageRepository {
  constructor(private readonly sql: Sql) {}

  /** Adds every increment in one transaction. */
  async add(increments: UsageIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    await this.sql.transaction(async (tx) => {
      for (const i of increments) {
        await tx.run(
          `INSERT INTO api_usage (key_id, month, requests) VALUES (?, ?, ?)
           ON CONFLICT (key_id, month) DO UPDATE SET requests = api_usage.requests + excluded.requests`,
          [i.keyId, i.month, i.requests],
        );
      }
    });
  }

  /** Requests recorded (by every node) for the key in `month`. */
  async used(keyId: number, month: string): Promise<number> {
    return (await this.sql.get<{ requests: number }>('SELECT requests FROM api_usage WHERE key_id = ? AND month = ?', [keyId, month]))?.requests ?? 0;
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
