// How many attempts and deliveries a merchant's webhook log holds, without counting them all for each page: a count up
// to an id is kept per merchant (migration 023) and moved on once many rows have come after it.
import type { Sql } from '../db/sql.ts';

/** Rows after the kept count at which it is moved on: a page counts at most about this many (35 ns each). */
export const RECOUNT_AFTER = 5_000;
/** Rows this old are taken into the kept count: a transaction that took a smaller id has long committed. */
const SETTLED_MS = 10 * 60_000;

export type LogKind = 'attempts' | 'deliveries';
const TABLES: Record<LogKind, string> = { attempts: 'webhook_deliveries', deliveries: 'webhook_outbox' };
const KINDS = ['attempts', 'deliveries'] as const;

export class DeliveryLogCounts {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => Date = () => new Date(),
    private readonly recountAfter = RECOUNT_AFTER,
  ) {}

  /** The merchant's attempts or deliveries: the kept count and those after it, read in one statement. */
  async total(merchantId: string, kind: LogKind): Promise<number> {
    const row = (await this.sql.get<{ kept: number; after: number }>(
      `SELECT COALESCE(c.${kind}, 0) AS kept, (SELECT COUNT(*) FROM ${TABLES[kind]} t
         WHERE t.merchant_id = m.id AND t.id > COALESCE(c.${kind}_to, 0)) AS after
       FROM (SELECT CAST(? AS TEXT) AS id) m LEFT JOIN webhook_log_counts c ON c.merchant_id = m.id`,
      [merchantId],
    ))!;
    const after = Number(row.after);
    // The total is known either way: a recount the store refuses now (busy, closing) is tried again by a later page.
    if (after >= this.recountAfter) await this.moveOn(merchantId).catch(() => undefined);
    return Number(row.kept) + after;
  }

  /**
   * Takes the settled rows after each kept count into it. The counts row is locked first (PostgreSQL; SQLite's writes
   * take turns), so pruning, which takes what it deletes off it under the same lock, is wholly before or after this.
   */
  private moveOn(merchantId: string): Promise<void> {
    const settled = new Date(this.now().getTime() - SETTLED_MS).toISOString();
    return this.sql.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO webhook_log_counts (merchant_id, attempts_to, attempts, deliveries_to, deliveries)
         VALUES (?, 0, 0, 0, 0) ON CONFLICT (merchant_id) DO NOTHING`,
        [merchantId],
      );
      const lock = tx.dialect === 'postgres' ? 'FOR UPDATE' : '';
      const kept = (await tx.get<Record<`${LogKind}_to`, number>>(
        `SELECT attempts_to, deliveries_to FROM webhook_log_counts WHERE merchant_id = ? ${lock}`,
        [merchantId],
      ))!;
      for (const kind of KINDS) {
        const from = Number(kept[`${kind}_to`]);
        // The newest settled row, found from the newest backwards: only the last minutes' rows are read.
        const last = await tx.get<{ id: number }>(
          `SELECT id FROM ${TABLES[kind]} WHERE merchant_id = ? AND id > ? AND created_at < ? ORDER BY id DESC LIMIT 1`,
          [merchantId, from, settled],
        );
        if (!last) continue;
        const added = await tx.get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM ${TABLES[kind]} WHERE merchant_id = ? AND id > ? AND id <= ?`,
          [merchantId, from, last.id],
        );
        await tx.run(`UPDATE webhook_log_counts SET ${kind}_to = ?, ${kind} = ${kind} + ? WHERE merchant_id = ?`, [
          last.id,
          Number(added!.n),
          merchantId,
        ]);
      }
    });
  }
}

/**
 * Takes the deliveries `outboxIds`, and their attempts, off the kept counts of their merchants; call it in the
 * transaction that deletes them, before it does. Counts rows are locked in merchant order (two pruning nodes never
 * wait on each other in a circle).
 */
export async function forgetDeliveries(tx: Sql, outboxIds: number[]): Promise<void> {
  const list = outboxIds.map(() => '?').join(', ');
  const merchants = `SELECT DISTINCT merchant_id FROM webhook_outbox WHERE id IN (${list})`;
  // A counts row for each first: a count being moved on (its row inserted, not yet committed) is then waited for.
  await tx.run(
    `INSERT INTO webhook_log_counts (merchant_id, attempts_to, attempts, deliveries_to, deliveries)
     SELECT merchant_id, 0, 0, 0, 0 FROM (${merchants}) m WHERE true ORDER BY merchant_id
     ON CONFLICT (merchant_id) DO NOTHING`,
    outboxIds,
  );
  if (tx.dialect === 'postgres')
    await tx.all(
      `SELECT merchant_id FROM webhook_log_counts WHERE merchant_id IN (${merchants}) ORDER BY merchant_id FOR UPDATE`,
      outboxIds,
    );
  const below = (kind: LogKind) =>
    tx.all<{ merchant_id: string; n: number }>(deletedBelowKept(kind, outboxIds.length), outboxIds);
  const taken = new Map<string, { attempts: number; deliveries: number }>();
  const take = (rows: Array<{ merchant_id: string; n: number }>, kind: LogKind) => {
    for (const r of rows) {
      const counts = taken.get(r.merchant_id) ?? { attempts: 0, deliveries: 0 };
      counts[kind] = Number(r.n);
      taken.set(r.merchant_id, counts);
    }
  };
  take(await below('attempts'), 'attempts');
  take(await below('deliveries'), 'deliveries');
  for (const [merchantId, counts] of taken)
    await tx.run(
      'UPDATE webhook_log_counts SET attempts = attempts - ?, deliveries = deliveries - ? WHERE merchant_id = ?',
      [counts.attempts, counts.deliveries, merchantId],
    );
}

/**
 * Per merchant, how many of the rows of `count` deliveries (their attempts, or themselves) lie at or below its kept
 * count: read by the ids being deleted, never by merchant (60 ms a batch for a log of 960,000).
 */
export function deletedBelowKept(kind: LogKind, count: number): string {
  const byDelivery = kind === 'attempts' ? 'outbox_id' : 'id';
  return `SELECT t.merchant_id, COUNT(*) AS n FROM ${TABLES[kind]} t
    WHERE t.${byDelivery} IN (${new Array(count).fill('?').join(', ')})
      AND t.id <= (SELECT c.${kind}_to FROM webhook_log_counts c WHERE c.merchant_id = t.merchant_id)
    GROUP BY t.merchant_id`;
}
