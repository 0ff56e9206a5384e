// What the admin funnel counts of a window's sessions, per UTM source, medium and campaign, and how groups add up.
import type { Row } from '../db/sql.ts';

export const UTM_GROUP = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
/** The UTM group's columns of `checkout_sessions s`, as a select or GROUP BY list. */
export const UTM_COLUMNS = UTM_GROUP.map((c) => `s.${c}`).join(', ');

/** Per UTM source, medium and campaign: sessions created in a window, how far they got and their current status. */
export interface GroupCounts {
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  sessions: number;
  address_completed: number;
  payment_started: number;
  paid: number;
  revenue_paise: number;
  status_verified: number;
  status_address_completed: number;
  status_completed: number;
  status_abandoned: number;
}

export const COUNT_FIELDS = [
  'sessions',
  'address_completed',
  'payment_started',
  'paid',
  'revenue_paise',
  'status_verified',
  'status_address_completed',
  'status_completed',
  'status_abandoned',
] as const;

// One row per session: its recorded payment (the primary key allows one) joined, a gateway order looked up only
// when it has none.
const PAID = 'p.session_id IS NOT NULL';
const STARTED = `(${PAID} OR EXISTS (SELECT 1 FROM payment_orders o WHERE o.session_id = s.id))`;
const statusIs = (status: string) => `SUM(CASE WHEN s.status = '${status}' THEN 1 ELSE 0 END)`;

/** The counted columns, in COUNT_FIELDS order, over `FROM checkout_sessions s LEFT JOIN session_payments p`. */
export const GROUP_COUNTS = `COUNT(*) AS sessions,
  SUM(CASE WHEN s.address_completed_at IS NOT NULL THEN 1 ELSE 0 END) AS address_completed,
  SUM(CASE WHEN ${STARTED} THEN 1 ELSE 0 END) AS payment_started,
  SUM(CASE WHEN ${PAID} THEN 1 ELSE 0 END) AS paid,
  SUM(COALESCE(p.amount_paise, 0)) AS revenue_paise,
  ${statusIs('verified')} AS status_verified, ${statusIs('address_completed')} AS status_address_completed,
  ${statusIs('completed')} AS status_completed, ${statusIs('abandoned')} AS status_abandoned`;

export const SESSIONS_WITH_PAYMENT = 'FROM checkout_sessions s LEFT JOIN session_payments p ON p.session_id = s.id';

/** A row of counts as numbers (PostgreSQL sums arrive as strings). */
export function toGroup(row: Row): GroupCounts {
  const group = {
    utm_source: row.utm_source ?? null,
    utm_medium: row.utm_medium ?? null,
    utm_campaign: row.utm_campaign ?? null,
  } as GroupCounts;
  for (const field of COUNT_FIELDS) group[field] = Number(row[field] ?? 0);
  return group;
}

/** The groups of several parts of a window added up per UTM source, medium and campaign. */
export function mergeGroups(parts: GroupCounts[][]): GroupCounts[] {
  const merged = new Map<string, GroupCounts>();
  for (const group of parts.flat()) {
    const key = JSON.stringify(UTM_GROUP.map((k) => group[k]));
    const into = merged.get(key);
    if (!into) merged.set(key, { ...group });
    else for (const field of COUNT_FIELDS) into[field] += group[field];
  }
  return [...merged.values()];
}

/** Every group added up into one, of no UTM group. */
export function addedUp(groups: GroupCounts[]): GroupCounts {
  const sum = toGroup({});
  for (const group of groups) for (const field of COUNT_FIELDS) sum[field] += group[field];
  return sum;
}
