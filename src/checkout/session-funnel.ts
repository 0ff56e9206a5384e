// The funnel the server can count itself, from sessions and payments in a window: stages, revenue and UTM rows.
import type { Sql } from '../db/sql.ts';

/** Per UTM source, medium and campaign: sessions created in the window and how far they got. */
interface GroupCounts {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  verified: number;
  address_completed: number;
  payment_started: number;
  paid: number;
  abandoned: number;
  revenue_paise: number;
}

const UTM_ROWS = 50;
// One row per session: its recorded payment (the primary key allows one) joined, a gateway order looked up only
// when it has none.
const PAID = 'p.session_id IS NOT NULL';
const STARTED = `(${PAID} OR EXISTS (SELECT 1 FROM payment_orders o WHERE o.session_id = s.id))`;

function ratio(a: number, b: number): number | null {
  return b === 0 ? null : Math.round((a / b) * 10_000) / 10_000;
}

/** Code point order with nulls last: the same on both stores, whatever PostgreSQL's collation. */
function textOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** Most sessions first, then most paid, then by source, medium and campaign. */
function utmOrder(a: GroupCounts, b: GroupCounts): number {
  return (
    b.verified - a.verified ||
    b.paid - a.paid ||
    textOrder(a.utm_source, b.utm_source) ||
    textOrder(a.utm_medium, b.utm_medium) ||
    textOrder(a.utm_campaign, b.utm_campaign)
  );
}

export class SessionFunnel {
  constructor(private readonly sql: Sql) {}

  async report(merchantId: string, from: string, to: string) {
    // One pass over the window's sessions, grouped by UTM; the totals are the sums of the groups.
    const rows = await this.sql.all<GroupCounts>(
      `SELECT s.utm_source, s.utm_medium, s.utm_campaign, COUNT(*) AS verified,
         SUM(CASE WHEN s.address_completed_at IS NOT NULL THEN 1 ELSE 0 END) AS address_completed,
         SUM(CASE WHEN ${STARTED} THEN 1 ELSE 0 END) AS payment_started,
         SUM(CASE WHEN ${PAID} THEN 1 ELSE 0 END) AS paid,
         SUM(CASE WHEN s.status = 'abandoned' THEN 1 ELSE 0 END) AS abandoned,
         SUM(COALESCE(p.amount_paise, 0)) AS revenue_paise
       FROM checkout_sessions s LEFT JOIN session_payments p ON p.session_id = s.id
       WHERE s.merchant_id = ? AND s.created_at >= ? AND s.created_at <= ?
       GROUP BY s.utm_source, s.utm_medium, s.utm_campaign`,
      [merchantId, from, to],
    );
    const groups = rows.map((r) => ({
      ...r,
      verified: Number(r.verified),
      address_completed: Number(r.address_completed),
      payment_started: Number(r.payment_started),
      paid: Number(r.paid),
      abandoned: Number(r.abandoned),
      revenue_paise: Number(r.revenue_paise),
    }));
    const total = (key: Exclude<keyof GroupCounts, `utm_${string}`>) => groups.reduce((sum, g) => sum + g[key], 0);
    const order = ['verified', 'address_completed', 'payment_started', 'paid'] as const;
    const reached = order.map(total);
    return {
      stages: order.map((stage, i) => ({
        stage,
        sessions: reached[i]!,
        from_previous: i === 0 ? null : ratio(reached[i]!, reached[i - 1]!),
        from_start: ratio(reached[i]!, reached[0]!),
      })),
      conversion: ratio(reached[3]!, reached[0]!),
      abandoned: total('abandoned'),
      revenue_paise: total('revenue_paise'),
      utm: groups
        .sort(utmOrder)
        .slice(0, UTM_ROWS)
        .map((g) => ({
          utm_source: g.utm_source,
          utm_medium: g.utm_medium,
          utm_campaign: g.utm_campaign,
          sessions: g.verified,
          paid: g.paid,
          revenue_paise: g.revenue_paise,
          conversion: ratio(g.paid, g.verified),
        })),
    };
  }
}
