// Funnel events in the store, the daily counts kept beside them, and the per-event, per-step and per-stage counts
// the admin funnel reads.
import type { Sql } from '../db/sql.ts';
import type { FunnelEvent } from './schema.ts';
import { windowParts, type WindowParts } from './funnel-window.ts';

export interface FunnelCounts {
  /** Every event in the window (byEvent is capped, so its sum can fall short after a flood of invented types). */
  total: number;
  byEvent: Array<{ event_type: string; events: number }>;
  byStep: Array<{ step: string; events: number }>;
  /** Per stage index: sessions that first reached it in the window, and events that carried no session id. */
  byStage: Array<{ stage: number; sessions: number; anonymous: number; events: number }>;
}

/** Caps per query so a flood of event types cannot make the report unbounded. */
const MAX_GROUPS = 200;
/** Up to this many (event type, step) pairs in a window are read in one query and counted here. */
const MAX_PAIRS = 1000;

type Pair = { event_type: string; step: string; events: number; anonymous: number };

/** Rows of (event_type, step, events, anonymous): whole UTC days from their counts, the partial days from the events. */
const EVENT_ROWS = `SELECT event_type, step, events, anonymous FROM funnel_day_counts
    WHERE merchant_id = ? AND day >= ? AND day <= ?
  UNION ALL SELECT event_type, COALESCE(step, '') AS step, 1 AS events,
    CASE WHEN session_id IS NULL THEN 1 ELSE 0 END AS anonymous
    FROM funnel_events WHERE merchant_id = ? AND created_at >= ? AND created_at < ?
  UNION ALL SELECT event_type, COALESCE(step, '') AS step, 1 AS events,
    CASE WHEN session_id IS NULL THEN 1 ELSE 0 END AS anonymous
    FROM funnel_events WHERE merchant_id = ? AND created_at >= ? AND created_at < ?`;

/** Rows of (stage, sessions) counted at the instant each session first reached the stage, split the same way. */
const STAGE_ROWS = `SELECT stage, sessions FROM funnel_stage_days WHERE merchant_id = ? AND day >= ? AND day <= ?
  UNION ALL SELECT stage, 1 AS sessions FROM funnel_stage_firsts WHERE merchant_id = ? AND first_at >= ? AND first_at < ?
  UNION ALL SELECT stage, 1 AS sessions FROM funnel_stage_firsts WHERE merchant_id = ? AND first_at >= ? AND first_at < ?`;

function rowParams(merchantId: string, w: WindowParts): unknown[] {
  return [merchantId, ...w.days, merchantId, ...w.before, merchantId, ...w.after];
}

/** Most events first, ties by name in code point order (the same on both stores, whatever PostgreSQL's collation). */
function mostFirst<K extends string>(key: K) {
  return (a: Record<K, string> & { events: number }, b: Record<K, string> & { events: number }) =>
    b.events - a.events || (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0);
}

export class FunnelRepository {
  private readonly stageOf: ReadonlyMap<string, number>;

  /** `stages[i]` lists the event types of stage i; `maxPairs` is lowered only by tests. */
  constructor(
    private readonly sql: Sql,
    private readonly stages: ReadonlyArray<readonly string[]>,
    private readonly maxPairs = MAX_PAIRS,
  ) {
    this.stageOf = new Map(stages.flatMap((types, i) => types.map((t) => [t, i] as const)));
  }

  /** Stores the event and counts it in its day (and, for a session's first event of a stage, in that stage's day). */
  async insert(event: FunnelEvent, createdAt: string): Promise<void> {
    const day = createdAt.slice(0, 10);
    const sessionId = event.session_id ?? null;
    const stage = this.stageOf.get(event.event_type);
    await this.sql.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO funnel_events (merchant_id, session_id, event_type, step, device_type, platform, utm_source,
           utm_medium, utm_campaign, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          event.merchant_id,
          sessionId,
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
      await tx.run(
        `INSERT INTO funnel_day_counts (merchant_id, day, event_type, step, events, anonymous) VALUES (?, ?, ?, ?, 1, ?)
         ON CONFLICT (merchant_id, day, event_type, step) DO UPDATE SET events = funnel_day_counts.events + 1,
           anonymous = funnel_day_counts.anonymous + excluded.anonymous`,
        [event.merchant_id, day, event.event_type, event.step ?? '', sessionId === null ? 1 : 0],
      );
      if (sessionId === null || stage === undefined) return;
      const first = await tx.get(
        `INSERT INTO funnel_stage_firsts (merchant_id, session_id, stage, first_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (merchant_id, session_id, stage) DO NOTHING RETURNING stage`,
        [event.merchant_id, sessionId, stage, createdAt],
      );
      if (first === undefined) return;
      await tx.run(
        `INSERT INTO funnel_stage_days (merchant_id, day, stage, sessions) VALUES (?, ?, ?, 1)
         ON CONFLICT (merchant_id, day, stage) DO UPDATE SET sessions = funnel_stage_days.sessions + 1`,
        [event.merchant_id, day, stage],
      );
    });
  }

  /**
   * Every figure from one grouped read of the window's (event type, step) pairs; a window of more pairs than
   * MAX_PAIRS (a flood of invented types) is counted by a capped query per figure instead.
   */
  async counts(merchantId: string, from: string, to: string): Promise<FunnelCounts> {
    const params = rowParams(merchantId, windowParts(from, to));
    const [pairs, stageSessions] = await Promise.all([
      this.sql.all<Pair>(
        `SELECT event_type, step, SUM(events) AS events, SUM(anonymous) AS anonymous FROM (${EVENT_ROWS}) u
         GROUP BY event_type, step LIMIT ${this.maxPairs + 1}`,
        params,
      ),
      this.sql.all<{ stage: number; sessions: number }>(
        `SELECT stage, SUM(sessions) AS sessions FROM (${STAGE_ROWS}) u GROUP BY stage`,
        params,
      ),
    ]);
    const { stageEvents, ...events } =
      pairs.length <= this.maxPairs ? fromPairs(pairs) : await this.cappedCounts(params);
    return {
      ...events,
      byStage: this.stages.map((_types, stage) => {
        const rows = stageEvents.filter((r) => this.stageOf.get(r.event_type) === stage);
        return {
          stage,
          sessions: Number(stageSessions.find((r) => Number(r.stage) === stage)?.sessions ?? 0),
          anonymous: rows.reduce((sum, r) => sum + r.anonymous, 0),
          events: rows.reduce((sum, r) => sum + r.events, 0),
        };
      }),
    };
  }

  /** One query per figure, each grouped and capped in SQL: a flood of invented event types never reaches JavaScript. */
  private async cappedCounts(params: unknown[]): Promise<EventCounts> {
    const stageTypes = [...this.stageOf.keys()];
    const [total, byEvent, byStep, stageEvents] = await Promise.all([
      this.sql.get<{ n: number | null }>(`SELECT SUM(events) AS n FROM (${EVENT_ROWS}) u`, params),
      this.sql.all<{ event_type: string; events: number }>(
        `SELECT event_type, SUM(events) AS events FROM (${EVENT_ROWS}) u GROUP BY event_type
         ORDER BY events DESC, event_type LIMIT ${MAX_GROUPS}`,
        params,
      ),
      this.sql.all<{ step: string; events: number }>(
        `SELECT step, SUM(events) AS events FROM (${EVENT_ROWS}) u WHERE step <> '' GROUP BY step
         ORDER BY events DESC, step LIMIT ${MAX_GROUPS}`,
        params,
      ),
      this.sql.all<Pair>(
        `SELECT event_type, '' AS step, SUM(events) AS events, SUM(anonymous) AS anonymous FROM (${EVENT_ROWS}) u
         WHERE event_type IN (${stageTypes.map(() => '?').join(', ')}) GROUP BY event_type`,
        [...params, ...stageTypes],
      ),
    ]);
    return {
      total: Number(total?.n ?? 0),
      byEvent: byEvent
        .map((r) => ({ event_type: r.event_type, events: Number(r.events) }))
        .sort(mostFirst('event_type')),
      byStep: byStep.map((r) => ({ step: r.step, events: Number(r.events) })).sort(mostFirst('step')),
      stageEvents: stageEvents.map(numbers),
    };
  }
}

interface EventCounts extends Omit<FunnelCounts, 'byStage'> {
  /** Events and anonymous events per event type, for every type (at least every stage's). */
  stageEvents: Pair[];
}

/** PostgreSQL's SUM is a bigint, read as text. */
const numbers = (p: Pair): Pair => ({ ...p, events: Number(p.events), anonymous: Number(p.anonymous) });

/** Events summed per key, most first, at most MAX_GROUPS. */
function tally<K extends 'event_type' | 'step'>(pairs: Pair[], key: K) {
  const sums = new Map<string, number>();
  for (const p of pairs) sums.set(p[key], (sums.get(p[key]) ?? 0) + p.events);
  return [...sums]
    .map(([name, events]) => ({ [key]: name, events }) as Record<K, string> & { events: number })
    .sort(mostFirst(key))
    .slice(0, MAX_GROUPS);
}

function fromPairs(rows: Pair[]): EventCounts {
  const pairs = rows.map(numbers);
  return {
    total: pairs.reduce((sum, p) => sum + p.events, 0),
    byEvent: tally(pairs, 'event_type'),
    byStep: tally(
      pairs.filter((p) => p.step !== ''),
      'step',
    ),
    stageEvents: pairs,
  };
}
