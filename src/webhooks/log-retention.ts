// The delivery log keeps what is recent: a finished delivery goes, with its attempts, some days after its last attempt.
import type { Sql } from '../db/sql.ts';
import { DAY_MS } from '../kernel/clock.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { forgetDeliveries } from './log-counts.ts';

/** Deliveries deleted per transaction, so that each holds the write lock for a few milliseconds at most. */
export const PRUNE_BATCH = 500;
/** How often the log is pruned (and once at start). */
const PRUNE_EVERY_MS = 3_600_000;

export interface RetentionOptions {
  /** Days a delivered or failed delivery is kept after its last attempt. */
  days: number;
  now?: () => Date;
  log?: Log;
}

/**
 * Deletes delivered and failed deliveries, and their attempts, `days` after their last attempt (a finished row's
 * next_attempt_at: its last attempt's time, or when it was queued for a merchant without a URL). Pending and in-flight
 * ones stay whatever their age; a failed one the merchant redelivers is pending again and counts from its new attempts.
 * Without it the log grows with every event for ever, and so does the cost of counting it for each page.
 */
export class DeliveryLogRetention {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private started = false;
  private stopped = false;
  private readonly now: () => Date;
  private readonly log: Log;

  constructor(
    private readonly sql: Sql,
    private readonly options: RetentionOptions,
  ) {
    if (!Number.isInteger(options.days) || options.days < 1)
      throw new RangeError(`retention days must be a whole number >= 1, got ${options.days}`);
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? silentLog;
  }

  /** Prunes now and then every hour until stop(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops pruning; waits for a batch under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Deletes every expired delivery, a batch per transaction with other work let in between; returns how many. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.options.days * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const n = await this.pruneBatch(cutoff);
      deleted += n;
      if (n < PRUNE_BATCH || this.stopped) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * One batch: the rows are locked (PostgreSQL) so a redeliver waits and then finds none, never a half-deleted one.
   * The newest delivery and the one holding the newest attempt stay: SQLite gives a new row the largest id plus one,
   * and an id used again would fall inside a kept count (log-counts.ts).
   */
  private pruneBatch(cutoff: string): Promise<number> {
    const lock = this.sql.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    return this.sql.transaction(async (tx) => {
      const rows = await tx.all<{ id: number }>(
        `SELECT id FROM webhook_outbox WHERE status IN ('delivered', 'failed') AND next_attempt_at < ?
           AND id < (SELECT MAX(id) FROM webhook_outbox)
           AND id <> COALESCE((SELECT outbox_id FROM webhook_deliveries ORDER BY id DESC LIMIT 1), 0)
         LIMIT ? ${lock}`,
        [cutoff, PRUNE_BATCH],
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      const list = ids.map(() => '?').join(', ');
      await forgetDeliveries(tx, ids);
      await tx.run(`DELETE FROM webhook_deliveries WHERE outbox_id IN (${list})`, ids);
      return tx.run(`DELETE FROM webhook_outbox WHERE id IN (${list})`, ids);
    });
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.prune()
        .then(
          (n) => n > 0 && this.log.info({ deleted: n }, 'webhook delivery log pruned'),
          // A locked or closing database: try again at the next run.
          (err: unknown) => !this.stopped && this.log.error({ err }, 'webhook log pruning failed'),
        )
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(PRUNE_EVERY_MS);
        });
    }, delayMs);
    this.timer.unref();
  }
}
