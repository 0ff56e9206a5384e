// The merchant's view of its checkout sessions: searched, filtered and paged, or one with its payment, orders and events.
import type { Dialect, Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { splitWindow } from './session-funnel.ts';
import { SessionFunnelDays } from './session-funnel-days.ts';
import type { GroupCounts } from './session-funnel-groups.ts';
import { ADDRESS_FIELDS, type AddressField } from './address-repository.ts';
import { toE164 } from './phone.ts';
import {
  sessionsOwingRefunds,
  sessionsStartingWith,
  sessionsWithGatewayId,
  sessionsWithName,
  sessionsWithPhone,
} from './session-match.ts';
import { SESSION_COLUMNS, type SessionStatus, type SessionWithPayment } from './session-repository.ts';

/** What the sessions listing narrows by; every field is optional but the window. */
export interface SessionFilter {
  from: string;
  to: string;
  /**
   * The start of an email, a 6-digit pincode of the chosen address, a session id (or its first 8+ characters), a
   * gateway order or payment id, or a buyer's phone (as typed: 98765 43210, +91 98765 43210).
   */
  q?: string;
  status?: SessionStatus;
  /** How it was paid: gateway, cod, or none (no payment recorded, an unpaid order included). */
  payment_method?: 'gateway' | 'cod' | 'none';
  /** Only sessions with a payment the gateway took that completed nothing: a refund the merchant owes. */
  refund_due?: boolean;
}

/**
 * A listed session: with its payment and the pincode of its address (a completed order's as kept at completion), and
 * the saved address a completed order's was taken from.
 */
export type ListedSession = SessionWithPayment &
  Record<ShipColumn, string | null> & { pincode: string | null; delivery_address_id: string | null };

/** Who and where the order goes, as the listing shows it: the address but its pincode (listed apart) and label. */
export type ShipField = Exclude<AddressField, 'pincode' | 'label'>;
export const SHIP_FIELDS = ADDRESS_FIELDS.filter((f): f is ShipField => f !== 'pincode' && f !== 'label');
type ShipColumn = `ship_${ShipField}`;
/** A completed order's address as kept at completion, else the one the session chose (each field from one of them). */
const SHIP_COLUMNS = SHIP_FIELDS.map(
  (f) => `CASE WHEN d.session_id IS NULL THEN a.${f} ELSE d.${f} END AS ship_${f}`,
).join(', ');

/** One gateway order made for a session. */
export interface SessionOrder {
  gateway_order_id: string;
  amount_paise: number;
  currency: string;
  created_at: string;
  /** Payments the gateway took for this order that completed nothing: the merchant owes their refunds. */
  refused_payments: RefusedPayment[];
}

export interface RefusedPayment {
  gateway_payment_id: string;
  reason: string;
  refused_at: string;
  /** When the merchant recorded its refund (null: still due), who did, and the gateway's refund id if given. */
  refunded_at: string | null;
  refunded_by: string | null;
  refund_reference: string | null;
}

/** One event the widget logged for the session. */
export interface SessionFunnelEvent {
  event_type: string;
  step: string | null;
  device_type: string | null;
  platform: string | null;
  created_at: string;
}

const SELECT = `SELECT ${SESSION_COLUMNS}, p.payment_method, p.gateway_order_id, p.gateway_payment_id, p.amount_paise,
    p.found_by_check, p.offer_id, p.discount_paise, (SELECT f.title FROM offers f WHERE f.id = p.offer_id) AS offer_title,
    (SELECT COUNT(*) FROM refused_payments r WHERE r.session_id = s.id AND r.refunded_at IS NULL) AS refunds_due,
    (SELECT COALESCE(SUM(ro.amount_paise), 0) FROM refused_payments r
      JOIN payment_orders ro ON ro.gateway_order_id = r.gateway_order_id
      WHERE r.session_id = s.id AND r.refunded_at IS NULL) AS refund_due_paise,
    p.created_at AS paid_at, COALESCE(d.pincode, a.pincode) AS pincode, d.address_id AS delivery_address_id,
    (SELECT o.gateway_order_id FROM payment_orders o WHERE o.session_id = s.id ORDER BY o.created_at DESC LIMIT 1)
      AS last_order_id,
    (SELECT o.amount_paise FROM payment_orders o WHERE o.session_id = s.id ORDER BY o.created_at DESC LIMIT 1)
      AS last_order_amount_paise, ${SHIP_COLUMNS}`;
const FROM = `FROM checkout_sessions s LEFT JOIN session_payments p ON p.session_id = s.id
  LEFT JOIN addresses a ON a.id = s.selected_address_id LEFT JOIN delivery_addresses d ON d.session_id = s.id`;

/**
 * The sessions a filter matches: a FROM and WHERE clause and their values, in order. A search by an email or an id
 * starts from the sessions it names; a count joins only the tables its filter reads (each join matches at most one row
 * per session, so it cannot change the count, and SQLite would otherwise look up both for every session).
 */
export function matching(
  merchantId: string,
  f: SessionFilter,
  dialect: Dialect,
  rows: 'listed' | 'counted',
): { sql: string; values: unknown[] } {
  const q = f.q?.trim().toLowerCase();
  const pincode = q !== undefined && /^\d{6}$/.test(q);
  const gateway = sessionsWithGatewayId(f.q?.trim() ?? '');
  const searched = gateway ?? (q && !pincode ? bySearchText(merchantId, q, dialect) : null);
  // Refunds owed are looked for over every date (the console asks so): from the few refused payments.
  const named = searched ?? (f.refund_due ? sessionsOwingRefunds(merchantId) : null);
  const from = [
    // CROSS JOIN: SQLite joins in the order written, so it reads the few sessions named, not the window's.
    named ? `FROM (${named.sql}) m CROSS JOIN checkout_sessions s` : 'FROM checkout_sessions s',
    rows === 'listed' || f.payment_method ? 'LEFT JOIN session_payments p ON p.session_id = s.id' : '',
    rows === 'listed' || pincode
      ? 'LEFT JOIN addresses a ON a.id = s.selected_address_id LEFT JOIN delivery_addresses d ON d.session_id = s.id'
      : '',
  ];
  const parts = ['s.merchant_id = ?', 's.created_at >= ?', 's.created_at <= ?'];
  const values: unknown[] = [...(named?.values ?? []), merchantId, f.from, f.to];
  if (named) parts.push('s.id = m.id');
  if (pincode) {
    // A completed order's pincode is where it ships, not where the buyer's saved address has moved since.
    parts.push('COALESCE(d.pincode, a.pincode) = ?');
    values.push(q);
  }
  if (f.status) {
    parts.push('s.status = ?');
    values.push(f.status);
  }
  if (f.refund_due)
    parts.push('EXISTS (SELECT 1 FROM refused_payments r WHERE r.session_id = s.id AND r.refunded_at IS NULL)');
  if (f.payment_method === 'none') parts.push('p.session_id IS NULL');
  else if (f.payment_method) {
    parts.push('p.payment_method = ?');
    values.push(f.payment_method);
  }
  return { sql: `${from.filter(Boolean).join(' ')} WHERE ${parts.join(' AND ')}`, values };
}

/**
 * Sessions an email start or an id start names, the orders shipping to a name the text starts, and, when the text is
 * a phone number, the sessions of its buyers.
 */
function bySearchText(merchantId: string, q: string, dialect: Dialect): { sql: string; values: unknown[] } {
  const started = sessionsStartingWith(merchantId, q, dialect);
  // Ten digits may start an email too (many buyers' emails are their mobile numbers).
  const phone = /\d{10}/.test(q.replace(/\D/g, '')) ? toE164(q) : null;
  const found = [started, sessionsWithName(q, dialect), phone === null ? null : sessionsWithPhone(merchantId, phone)];
  const parts = found.filter((f) => f !== null);
  return { sql: parts.map((p) => p.sql).join(' UNION '), values: parts.flatMap((p) => p.values) };
}

/**
 * What the funnel's kept days count of a filter's sessions, or null for a filter they cannot answer: a search, a
 * payment method, or a status together with "no payment".
 */
function keptCount(f: SessionFilter): ((g: GroupCounts) => number) | null {
  if (f.q || f.refund_due || f.payment_method === 'gateway' || f.payment_method === 'cod') return null;
  if (f.payment_method === 'none') return f.status ? null : (g) => g.sessions - g.paid;
  const status = f.status;
  return status ? (g) => g[`status_${status}`] : (g) => g.sessions;
}

export class SessionSearch {
  private readonly days: SessionFunnelDays;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {
    this.days = new SessionFunnelDays(sql);
  }

  /** Newest first, with payment state. */
  async list(
    merchantId: string,
    filter: SessionFilter,
    limit: number,
    offset: number,
  ): Promise<{ sessions: ListedSession[]; total: number }> {
    const listed = matching(merchantId, filter, this.sql.dialect, 'listed');
    const sessions = await this.sql.all<ListedSession>(
      `${SELECT} ${listed.sql} ORDER BY s.created_at DESC, s.id DESC LIMIT ? OFFSET ?`,
      [...listed.values, limit, offset],
    );
    return { sessions, total: await this.total(merchantId, filter) };
  }

  /**
   * The sessions the filter matches. Counting them costs 25 ns a session of the window (3 ms for a month of a shop
   * with 2,400 checkouts a day), so the settled days come from the funnel's kept counts, kept here if not yet.
   */
  private async total(merchantId: string, filter: SessionFilter): Promise<number> {
    const counted = keptCount(filter);
    // Days from the window's first whole one: keptTotals() knows the merchant's first session.
    const split = counted && splitWindow(filter.from, filter.to, this.clock().getTime(), filter.from);
    if (!counted || !split || !split.days) return this.count(merchantId, [filter]);
    const kept = await this.days.keptTotals(merchantId, split.days[0], split.days[1]);
    const live = split.live.map(([from, to]) => ({ ...filter, from: from!, to: to! }));
    return counted(kept) + (await this.count(merchantId, live));
  }

  /** The sessions of every filter added up (each its own window), in one statement. */
  private async count(merchantId: string, filters: SessionFilter[]): Promise<number> {
    if (filters.length === 0) return 0;
    const counts = filters.map((f) => matching(merchantId, f, this.sql.dialect, 'counted'));
    const row = await this.sql.get<{ n: number }>(
      `SELECT ${counts.map((c) => `(SELECT COUNT(*) ${c.sql})`).join(' + ')} AS n`,
      counts.flatMap((c) => c.values),
    );
    return Number(row?.n ?? 0);
  }

  /** One session of the merchant with its payment, or null. */
  async one(merchantId: string, id: string): Promise<ListedSession | null> {
    return (
      (await this.sql.get<ListedSession>(`${SELECT} ${FROM} WHERE s.merchant_id = ? AND s.id = ?`, [merchantId, id])) ??
      null
    );
  }

  /** Gateway orders made for the session, oldest first, each with the payments taken for it that completed nothing. */
  async orders(merchantId: string, sessionId: string): Promise<SessionOrder[]> {
    const [orders, refused] = await Promise.all([
      this.sql.all<Omit<SessionOrder, 'refused_payments'>>(
        `SELECT gateway_order_id, amount_paise, currency, created_at FROM payment_orders
         WHERE merchant_id = ? AND session_id = ? ORDER BY created_at, gateway_order_id LIMIT 50`,
        [merchantId, sessionId],
      ),
      this.sql.all<RefusedPayment & { gateway_order_id: string }>(
        `SELECT gateway_order_id, gateway_payment_id, reason, created_at AS refused_at, refunded_at, refunded_by,
           refund_reference FROM refused_payments
         WHERE merchant_id = ? AND session_id = ? ORDER BY created_at, gateway_payment_id LIMIT 50`,
        [merchantId, sessionId],
      ),
    ]);
    return orders.map((o) => ({
      ...o,
      refused_payments: refused
        .filter((r) => r.gateway_order_id === o.gateway_order_id)
        .map(({ gateway_order_id: _order, ...payment }) => payment),
    }));
  }

  /** Funnel events the widget logged with this session id, oldest first. */
  funnelEvents(merchantId: string, sessionId: string): Promise<SessionFunnelEvent[]> {
    return this.sql.all<SessionFunnelEvent>(
      `SELECT event_type, step, device_type, platform, created_at FROM funnel_events
       WHERE merchant_id = ? AND session_id = ? ORDER BY id LIMIT 200`,
      [merchantId, sessionId],
    );
  }
}
