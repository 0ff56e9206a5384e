// The merchant's view of its webhooks: attempts (the document's log), deliveries with their latest attempt, one in full.
import { extend } from '../kernel/extend.ts';
import type { Sql } from '../db/sql.ts';
import type { DeliveryDetail, DeliveryLogEntry, DeliverySummary } from '../kernel/events.ts';
import { DeliveryLogCounts } from './log-counts.ts';

/** Which deliveries a listing shows: one state, or `failing` (failed, or waiting to retry after a failed attempt). */
export type DeliveryFilter = 'pending' | 'sending' | 'delivered' | 'failed' | 'failing';

/** An attempt's own result: a 2xx delivered it; otherwise a scheduled retry means it was not the last. */
const OUTCOME = `CASE WHEN d.http_status BETWEEN 200 AND 299 THEN 'delivered'
  WHEN d.next_retry_at IS NOT NULL THEN 'retrying' ELSE 'failed' END`;
const ATTEMPT = `d.id, d.attempt, d.http_status, d.response_body, d.error, d.next_retry_at, d.created_at, ${OUTCOME} AS outcome`;
const FILTERS: Record<DeliveryFilter, string> = {
  pending: "o.status = 'pending'",
  sending: "o.status = 'sending'",
  delivered: "o.status = 'delivered'",
  failed: "o.status = 'failed'",
  failing: "(o.status = 'failed' OR (o.status IN ('pending', 'sending') AND o.attempts > 0))",
};

type Attempt = DeliveryDetail['attempt_log'][number];
interface OutboxRow extends Omit<DeliverySummary, 'last_attempt'> {
  id: number;
  payload: string;
}

export class DeliveryLog {
  private readonly counts: DeliveryLogCounts;

  constructor(
    private readonly sql: Sql,
    counts?: DeliveryLogCounts,
  ) {
    this.counts = counts ?? new DeliveryLogCounts(sql);
  }

  /** `merchantId`'s attempts, newest first (the document's webhook_deliveries). */
  async attempts(
    merchantId: string,
    limit: number,
    offset: number,
  ): Promise<{ deliveries: DeliveryLogEntry[]; total: number }> {
    const deliveries = await this.sql.all<DeliveryLogEntry>(
      `SELECT ${ATTEMPT}, o.delivery_id, o.event, o.session_id, o.status
       FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.outbox_id
       WHERE d.merchant_id = ? ORDER BY d.id DESC LIMIT ? OFFSET ?`,
      [merchantId, limit, offset],
    );
    return { deliveries, total: await this.counts.total(merchantId, 'attempts') };
  }

  /** One row per delivery, newest first, each with its latest attempt. */
  async summaries(
    merchantId: string,
    filter: DeliveryFilter | null,
    limit: number,
    offset: number,
  ): Promise<{ deliveries: DeliverySummary[]; total: number }> {
    const where = `o.merchant_id = ?${filter ? ` AND ${FILTERS[filter]}` : ''}`;
    const rows = await this.sql.all<OutboxRow>(
      `SELECT o.* FROM webhook_outbox o WHERE ${where} ORDER BY o.id DESC LIMIT ? OFFSET ?`,
      [merchantId, limit, offset],
    );
    const latest = await this.attemptsOf(
      rows.map((r) => r.id),
      true,
    );
    // A state's deliveries change as they are sent: counted each time; all of them from the kept count.
    const total = filter
      ? Number(
          (await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM webhook_outbox o WHERE ${where}`, [merchantId]))
            ?.n,
        )
      : await this.counts.total(merchantId, 'deliveries');
    return {
      deliveries: rows.map((r) => extend(summary(r), { last_attempt: latest.get(r.id)?.[0] ?? null })),
      total,
    };
  }

  /** One delivery with its body and every attempt, or null when the merchant has none with this id. */
  async detail(merchantId: string, deliveryId: string): Promise<DeliveryDetail | null> {
    const row = await this.sql.get<OutboxRow>(
      'SELECT * FROM webhook_outbox WHERE merchant_id = ? AND delivery_id = ?',
      [merchantId, deliveryId],
    );
    return row ? (await this.details([row]))[0]! : null;
  }

  /** Every delivery about one checkout session, oldest first, in full. */
  async forSession(merchantId: string, sessionId: string): Promise<DeliveryDetail[]> {
    const rows = await this.sql.all<OutboxRow>(
      'SELECT * FROM webhook_outbox WHERE merchant_id = ? AND session_id = ? ORDER BY id LIMIT 100',
      [merchantId, sessionId],
    );
    return this.details(rows);
  }

  private async details(rows: OutboxRow[]): Promise<DeliveryDetail[]> {
    const log = await this.attemptsOf(
      rows.map((r) => r.id),
      false,
    );
    return rows.map((r) => ({
      ...summary(r),
      payload: JSON.parse(r.payload) as unknown,
      attempt_log: log.get(r.id) ?? [],
    }));
  }

  /** Attempts by outbox row, oldest first (or only the latest of each). */
  private async attemptsOf(ids: number[], latestOnly: boolean): Promise<Map<number, Attempt[]>> {
    const out = new Map<number, Attempt[]>();
    if (ids.length === 0) return out;
    const latest = latestOnly
      ? 'AND d.id = (SELECT MAX(x.id) FROM webhook_deliveries x WHERE x.outbox_id = d.outbox_id)'
      : '';
    const rows = await this.sql.all<Attempt & { outbox_id: number }>(
      `SELECT d.outbox_id, ${ATTEMPT} FROM webhook_deliveries d
       WHERE d.outbox_id IN (${ids.map(() => '?').join(', ')}) ${latest} ORDER BY d.id`,
      ids,
    );
    for (const { outbox_id: id, ...attempt } of rows) out.set(id, [...(out.get(id) ?? []), attempt]);
    return out;
  }
}

function summary(r: OutboxRow): Omit<DeliverySummary, 'last_attempt'> {
  return {
    delivery_id: r.delivery_id,
    event: r.event,
    session_id: r.session_id,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.status === 'pending' ? r.next_attempt_at : null,
    created_at: r.created_at,
  };
}
