// The funnel the server can count itself, from sessions and payments in a window: stages, revenue and UTM rows.
import type { Sql } from '../db/sql.ts';

/** Sessions created in the window that reached each stage: verified, address, a payment begun, paid (gateway or COD). */
interface StageCounts {
  verified: number;
  address_completed: number;
  payment_started: number;
  paid: number;
  abandoned: number;
  revenue_paise: number;
}

interface UtmCounts {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  sessions: number;
  paid: number;
  revenue_paise: number;
}

const UTM_ROWS = 50;
const PAID = 'EXISTS (SELECT 1 FROM session_payments p WHERE p.session_id = s.id)';
const STARTED = `(${PAID} OR EXISTS (SELECT 1 FROM payment_orders o WHERE o.session_id = s.id))`;
const REVENUE = '(SELECT COALESCE(SUM(p.amount_paise), 0) FROM session_payments p WHERE p.session_id = s.id)';

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;
}

export class SessionFunnel {
  constructor(private readonly sql: Sql) {}

  async report(merchantId: string, from: string, to: string) {
    const window = [merchantId, from, to];
    const where = 'WHERE s.merchant_id = ? AND s.created_at >= ? AND s.created_at <= ?';
    const counts = await this.sql.get<StageCounts>(
      `SELECT COUNT(*) AS verified,
         SUM(CASE WHEN s.address_completed_at IS NOT NULL THEN 1 ELSE 0 END) AS address_completed,
         SUM(CASE WHEN ${STARTED} THEN 1 ELSE 0 END) AS payment_started,
         SUM(CASE WHEN ${PAID} THEN 1 ELSE 0 END) AS paid,
         SUM(CASE WHEN s.status = 'abandoned' THEN 1 ELSE 0 END) AS abandoned,
         SUM(${REVENUE}) AS revenue_paise
       FROM checkout_sessions s ${where}`,
      window,
    );
    const utm = await this.sql.all<UtmCounts>(
      `SELECT s.utm_source, s.utm_medium, s.utm_campaign, COUNT(*) AS sessions,
         SUM(CASE WHEN ${PAID} THEN 1 ELSE 0 END) AS paid, SUM(${REVENUE}) AS revenue_paise
       FROM checkout_sessions s ${where}
       GROUP BY s.utm_source, s.utm_medium, s.utm_campaign
       ORDER BY sessions DESC, paid DESC, CASE WHEN s.utm_source IS NULL THEN 1 ELSE 0 END, s.utm_source,
         s.utm_medium, s.utm_campaign LIMIT ${UTM_ROWS}`,
      window,
    );
    const n = (v: unknown) => Number(v ?? 0);
    const order = ['verified', 'address_completed', 'payment_started', 'paid'] as const;
    const reached = order.map((stage) => n(counts?.[stage]));
    return {
      stages: order.map((stage, i) => ({
        stage,
        sessions: reached[i]!,
        from_previous: i === 0 ? null : ratio(reached[i]!, reached[i - 1]!),
        from_start: ratio(reached[i]!, reached[0]!),
      })),
      conversion: ratio(reached[3]!, reached[0]!),
      abandoned: n(counts?.abandoned),
      revenue_paise: n(counts?.revenue_paise),
      utm: utm.map((r) => ({
        utm_source: r.utm_source,
        utm_medium: r.utm_medium,
        utm_campaign: r.utm_campaign,
        sessions: n(r.sessions),
        paid: n(r.paid),
        revenue_paise: n(r.revenue_paise),
        conversion: ratio(n(r.paid), n(r.sessions)),
      })),
    };
  }
}
