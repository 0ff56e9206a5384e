// The funnel the server can count itself, from sessions and payments in a window: stages, revenue and UTM rows, and
// the sessions by status. Settled days come from their kept counts, the rest of the window from the sessions.
import type { Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { DAY_MS } from '../kernel/clock.ts';
import { dayName, iso } from './funnel-window.ts';
import { SessionFunnelDays } from './session-funnel-days.ts';
import {
  GROUP_COUNTS,
  mergeGroups,
  SESSIONS_WITH_PAYMENT,
  toGroup,
  UTM_COLUMNS,
  type GroupCounts,
} from './session-funnel-groups.ts';

const UTM_ROWS = 50;
/** A day is kept once it ended this long ago: a session is open for a day, so its day has mostly stopped changing. */
export const SETTLED_MS = 2 * DAY_MS;

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
    b.sessions - a.sessions ||
    b.paid - a.paid ||
    textOrder(a.utm_source, b.utm_source) ||
    textOrder(a.utm_medium, b.utm_medium) ||
    textOrder(a.utm_campaign, b.utm_campaign)
  );
}

/**
 * The window [from, to] as the whole days it holds that had settled by `now`, from the day of the merchant's
 * `earliest` session on (none before it to keep), and the ranges of instants around them (both ends included, as
 * `to` is: a range never ends past it, so a window to 9999-12-31 compares as text) counted from the sessions.
 */
export function splitWindow(from: string, to: string, now: number, earliest: string | null) {
  const whole = { days: null, live: [[from, to]] };
  if (earliest === null) return whole;
  const firstDay = Math.max(Math.ceil(Date.parse(from) / DAY_MS), Math.floor(Date.parse(earliest) / DAY_MS)) * DAY_MS;
  const settledEnd =
    Math.min(Math.floor((Date.parse(to) + 1) / DAY_MS), Math.floor((now - SETTLED_MS) / DAY_MS)) * DAY_MS;
  if (firstDay >= settledEnd) return whole;
  return {
    days: [dayName(firstDay), dayName(settledEnd - DAY_MS)] as const,
    live: [
      [from, iso(firstDay - 1)],
      [iso(settledEnd), to],
    ].filter(([a, b]) => a! <= b!),
  };
}

export class SessionFunnel {
  private readonly days: SessionFunnelDays;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {
    this.days = new SessionFunnelDays(sql);
  }

  /** The groups of the sessions created from `from` to `to` (both included), counted now. */
  private async live(merchantId: string, from: string, to: string): Promise<GroupCounts[]> {
    const rows = await this.sql.all(
      `SELECT ${UTM_COLUMNS}, ${GROUP_COUNTS} ${SESSIONS_WITH_PAYMENT}
       WHERE s.merchant_id = ? AND s.created_at >= ? AND s.created_at <= ? GROUP BY ${UTM_COLUMNS}`,
      [merchantId, from, to],
    );
    return rows.map(toGroup);
  }

  async report(merchantId: string, from: string, to: string) {
    const earliest = await this.sql.get<{ at: string | null }>(
      'SELECT MIN(created_at) AS at FROM checkout_sessions WHERE merchant_id = ?',
      [merchantId],
    );
    const split = splitWindow(from, to, this.clock().getTime(), earliest?.at ?? null);
    const parts = await Promise.all([
      split.days ? this.days.groups(merchantId, split.days[0], split.days[1]) : [],
      ...split.live.map(([a, b]) => this.live(merchantId, a!, b!)),
    ]);
    const groups = mergeGroups(parts);
    const total = (key: Exclude<keyof GroupCounts, `utm_${string}`>) => groups.reduce((sum, g) => sum + g[key], 0);
    const order = ['sessions', 'address_completed', 'payment_started', 'paid'] as const;
    const reached = order.map(total);
    const fromSessions = {
      stages: order.map((key, i) => ({
        stage: key === 'sessions' ? 'verified' : key,
        sessions: reached[i]!,
        from_previous: i === 0 ? null : ratio(reached[i]!, reached[i - 1]!),
        from_start: ratio(reached[i]!, reached[0]!),
      })),
      conversion: ratio(reached[3]!, reached[0]!),
      abandoned: total('status_abandoned'),
      revenue_paise: total('revenue_paise'),
      utm: groups
        .sort(utmOrder)
        .slice(0, UTM_ROWS)
        .map((g) => ({
          utm_source: g.utm_source,
          utm_medium: g.utm_medium,
          utm_campaign: g.utm_campaign,
          sessions: g.sessions,
          paid: g.paid,
          revenue_paise: g.revenue_paise,
          conversion: ratio(g.paid, g.sessions),
        })),
    };
    const statuses = {
      verified: total('status_verified'),
      address_completed: total('status_address_completed'),
      completed: total('status_completed'),
      abandoned: total('status_abandoned'),
    };
    return { fromSessions, statuses };
  }
}
