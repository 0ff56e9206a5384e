// Funnel events in the store, and the per-event, per-step and per-stage counts the admin funnel reads.
import type { Sql } from '../db/sql.ts';
import type { FunnelEvent } from './schema.ts';

export interface FunnelCounts {
  /** Every event in the window (byEvent is capped, so its sum can fall short after a flood of invented types). */
  total: number;
  byEvent: Array<{ event_type: string; events: number }>;
  byStep: Array<{ step: string; events: number }>;
  /** Per stage index: distinct sessions, and events that carried no session id. */
  byStage: Array<{ stage: number; sessions: number; anonymous: number; events: number }>;
  sessionStatus: Array<{ status: string; sessions: number }>;
}

/** Caps per query so a flood of event types cannot make the report unbounded. */
const MAX_GROUPS = 200;

export class FunnelRepository {
  constructor(private readonly sql: Sql) {}

  async insert(event: FunnelEvent, createdAt: string): Promise<void> {
    await this.sql.run(
      `INSERT INTO funnel_events (merchant_id, session_id, event_type, step, device_type, platform, utm_source, utm_medium,
         utm_campaign, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        event.merchant_id,
        event.session_id ?? null,
        event.event_type,
        event.step ?? null,
        event.device_type ?? null,
        event.platform ?? null,
        event.utm?.utm_source ?? null,
        event.utm?.utm_medium ?? null,
        event.utm?.utm_campaign ?? null,
        createdAt,
      ],
    );
  }

  /** `stages[i]` lists the event types of stage i. */
  async counts(
    merchantId: string,
    from: string,
    to: string,
    stages: ReadonlyArray<readonly string[]>,
  ): Promise<FunnelCounts> {
    const window = [merchantId, from, to];
    const where = 'WHERE merchant_id = ? AND created_at >= ? AND created_at <= ?';
    const stageOf = stages
      .flatMap((types, i) => types.map((t) => `WHEN '${t.replace(/'/g, "''")}' THEN ${i}`))
      .join(' ');
    return {
      total: (await this.sql.get<{ n: number }>(`SELECT COUNT(*) AS n FROM funnel_events ${where}`, window))?.n ?? 0,
      byEvent: await this.sql.all(
        `SELECT event_type, COUNT(*) AS events FROM funnel_events ${where} GROUP BY event_type ORDER BY events DESC LIMIT ${MAX_GROUPS}`,
        window,
      ),
      byStep: await this.sql.all(
        `SELECT step, COUNT(*) AS events FROM funnel_events ${where} AND step IS NOT NULL GROUP BY step ORDER BY events DESC LIMIT ${MAX_GROUPS}`,
        window,
      ),
      byStage: await this.sql.all(
        `SELECT stage, COUNT(DISTINCT session_id) AS sessions, SUM(CASE WHEN session_id IS NULL THEN 1 ELSE 0 END) AS anonymous, COUNT(*) AS events
         FROM (SELECT CASE event_type ${stageOf} END AS stage, session_id FROM funnel_events ${where}) e WHERE stage IS NOT NULL GROUP BY stage`,
        window,
      ),
      sessionStatus: await this.sql.all(
        `SELECT status, COUNT(*) AS sessions FROM checkout_sessions ${where} GROUP BY status`,
        window,
      ),
    };
  }
}
