// Prepared statements for funnel events and the per-event / per-step counts the admin funnel reads.
import type { Db } from '../db/open.ts';
import type { FunnelEvent } from './schema.ts';

export interface FunnelCounts {
  byEvent: Array<{ event_type: string; events: number; sessions: number }>;
  byStep: Array<{ step: string; events: number; sessions: number }>;
  sessionStatus: Array<{ status: string; sessions: number }>;
}

export class FunnelRepository {
  private readonly insertStmt;
  private readonly byEventStmt;
  private readonly byStepStmt;
  private readonly sessionStatusStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO funnel_events (merchant_id, session_id, event_type, step, device_type, platform, created_at)
       VALUES (@merchant_id, @session_id, @event_type, @step, @device_type, @platform, @created_at)`,
    );
    // sessions counts distinct session ids; events sent without one are not in it.
    this.byEventStmt = db.prepare<[string, string, string], FunnelCounts['byEvent'][number]>(
      `SELECT event_type, COUNT(*) AS events, COUNT(DISTINCT session_id) AS sessions FROM funnel_events
       WHERE merchant_id = ? AND created_at >= ? AND created_at <= ? GROUP BY event_type`,
    );
    this.byStepStmt = db.prepare<[string, string, string], FunnelCounts['byStep'][number]>(
      `SELECT step, COUNT(*) AS events, COUNT(DISTINCT session_id) AS sessions FROM funnel_events
       WHERE merchant_id = ? AND created_at >= ? AND created_at <= ? GROUP BY step`,
    );
    this.sessionStatusStmt = db.prepare<[string, string, string], FunnelCounts['sessionStatus'][number]>(
      `SELECT status, COUNT(*) AS sessions FROM checkout_sessions WHERE merchant_id = ? AND created_at >= ? AND created_at <= ? GROUP BY status`,
    );
  }

  insert(event: FunnelEvent, createdAt: string): number {
    return Number(this.insertStmt.run({ ...event, session_id: event.session_id ?? null, created_at: createdAt }).lastInsertRowid);
  }

  counts(merchantId: string, from: string, to: string): FunnelCounts {
    return {
      byEvent: this.byEventStmt.all(merchantId, from, to),
      byStep: this.byStepStmt.all(merchantId, from, to),
      sessionStatus: this.sessionStatusStmt.all(merchantId, from, to),
    };
  }
}
