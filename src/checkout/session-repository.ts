// Checkout sessions in the store: created on OTP verify, found by token hash, moved through their states with their events.
import type { Sql } from '../db/sql.ts';
import type { WebhookPayload } from '../kernel/events.ts';
import type { WebhookOutbox } from './ports.ts';
import { JOINED_MERCHANT_COLUMNS, joinedMerchant, type Merchant } from './merchant-repository.ts';
import { assertAllowed, fromStates, TRANSITIONS, type SessionStatus } from './session-states.ts';

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

export type { SessionStatus } from './session-states.ts';

export interface CheckoutSession {
  id: string;
  merchant_id: string;
  buyer_id: string;
  auth_channel: 'email' | 'phone';
  email: string | null;
  status: SessionStatus;
  cart_value_paise: number | null;
  /** 'merchant' when set with the merchant's api key: the only cart value an order amount is taken from. */
  cart_value_source: 'widget' | 'merchant' | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  selected_address_id: string | null;
  created_at: string;
  expires_at: string;
  address_completed_at: string | null;
  completed_at: string | null;
  abandoned_at: string | null;
}

/** A session with its payment, as the admin listing shows it. */
export interface SessionWithPayment extends CheckoutSession {
  payment_method: 'gateway' | 'cod' | null;
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  amount_paise: number | null;
  paid_at: string | null;
  /** The newest gateway order created for the session (paid or not). */
  last_order_id: string | null;
  last_order_amount_paise: number | null;
  /** Payments the gateway took for the session that completed nothing: refunds the merchant owes. */
  refunds_due: number;
  /** What those refunds add up to: each payment took its gateway order's amount. */
  refund_due_paise: number;
  /** 1 when the payment was found at the gateway by the reconciler, its verify never having come; null unpaid. */
  found_by_check: number | null;
  /** The offer the payment's amount took off the cart, what it took, and its title now; null without one. */
  offer_id: string | null;
  discount_paise: number | null;
  offer_title: string | null;
}

/** A completed session's payment (COD has no gateway ids) and its order's delivery address. */
export interface PlacedOrder {
  payment_method: 'gateway' | 'cod';
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  amount_paise: number | null;
  address_id: string | null;
  geopin: string | null;
}

/** Every column except the token hash, which never leaves the checkout repositories. */
const SESSION_FIELDS: ReadonlyArray<keyof CheckoutSession> = [
  'id',
  'merchant_id',
  'buyer_id',
  'auth_channel',
  'email',
  'status',
  'cart_value_paise',
  'cart_value_source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'selected_address_id',
  'created_at',
  'expires_at',
  'address_completed_at',
  'completed_at',
  'abandoned_at',
];
export const SESSION_COLUMNS = SESSION_FIELDS.map((f) => `s.${f}`).join(', ');

export interface NewSession {
  id: string;
  merchant_id: string;
  buyer_id: string;
  token_hash: string;
  email: string;
  cart_value_paise: number | null;
  utm: Utm;
  created_at: string;
  expires_at: string;
}

export class SessionRepository {
  constructor(
    private readonly sql: Sql,
    private readonly outbox: Pick<WebhookOutbox, 'enqueue'>,
  ) {}

  in(tx: Sql): SessionRepository {
    return new SessionRepository(tx, this.outbox);
  }

  async insert(s: NewSession): Promise<void> {
    await this.sql.run(
      `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, cart_value_paise, cart_value_source,
         ${UTM_KEYS.join(', ')}, created_at, expires_at)
       VALUES (?, ?, ?, ?, 'email', ?, 'verified', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        s.id,
        s.merchant_id,
        s.buyer_id,
        s.token_hash,
        s.email,
        s.cart_value_paise,
        s.cart_value_paise === null ? null : 'widget',
        ...UTM_KEYS.map((k) => s.utm[k] ?? null),
        s.created_at,
        s.expires_at,
      ],
    );
  }

  /** The live session a token hash names, with its merchant, in one query (one round trip on PostgreSQL). */
  async byTokenHash(tokenHash: string, now: string): Promise<{ session: CheckoutSession; merchant: Merchant } | null> {
    const row = await this.sql.get<Record<string, unknown>>(
      `SELECT ${SESSION_COLUMNS}, ${JOINED_MERCHANT_COLUMNS} FROM checkout_sessions s
       JOIN merchants m ON m.id = s.merchant_id WHERE s.token_hash = ? AND s.expires_at > ?`,
      [tokenHash, now],
    );
    if (!row) return null;
    const session: Record<string, unknown> = {};
    for (const field of SESSION_FIELDS) session[field] = row[field];
    return { session: session as unknown as CheckoutSession, merchant: joinedMerchant(row) };
  }

  async byId(merchantId: string, id: string): Promise<CheckoutSession | null> {
    return (
      (await this.sql.get<CheckoutSession>(
        `SELECT ${SESSION_COLUMNS} FROM checkout_sessions s WHERE s.merchant_id = ? AND s.id = ?`,
        [merchantId, id],
      )) ?? null
    );
  }

  /** How the session's order was placed and where it ships (the address kept at completion); null before that. */
  async placedOrder(merchantId: string, id: string): Promise<PlacedOrder | null> {
    return (
      (await this.sql.get<PlacedOrder>(
        `SELECT p.payment_method, p.gateway_order_id, p.gateway_payment_id, p.amount_paise, d.address_id, d.geopin
         FROM session_payments p LEFT JOIN delivery_addresses d ON d.session_id = p.session_id
         WHERE p.session_id = ? AND p.merchant_id = ?`,
        [id, merchantId],
      )) ?? null
    );
  }

  /** Selects the address and queues session.address_completed in the same transaction (409 if the session moved on). */
  async completeAddress(
    merchantId: string,
    id: string,
    addressId: string,
    at: string,
    event: WebhookPayload,
  ): Promise<void> {
    await this.sql.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE checkout_sessions SET status = ?, selected_address_id = ?, address_completed_at = ?
         WHERE id = ? AND merchant_id = ? AND ${fromStates('select_address')}`,
        [TRANSITIONS.select_address.to, addressId, at, id, merchantId],
      );
      if (changed === 0) await this.refuse(tx, 'select_address', merchantId, id);
      await this.outbox.enqueue(tx, event, new Date(at));
    });
  }

  /** Abandons a session unless it is paid (409); abandoning it again changes nothing. */
  async markAbandoned(merchantId: string, id: string, at: string): Promise<void> {
    const changed = await this.sql.run(
      `UPDATE checkout_sessions SET status = ?, abandoned_at = ? WHERE id = ? AND merchant_id = ? AND ${fromStates('abandon')} AND status <> ?`,
      [TRANSITIONS.abandon.to, at, id, merchantId, TRANSITIONS.abandon.to],
    );
    if (changed === 0) await this.refuse(this.sql, 'abandon', merchantId, id);
  }

  /** Saves the cart and UTM of an open session (409 when it is paid or abandoned by now). */
  async saveCart(
    merchantId: string,
    id: string,
    cartValuePaise: number | null,
    source: 'widget' | 'merchant' | null,
    utm: Utm,
  ): Promise<void> {
    const changed = await this.sql.run(
      `UPDATE checkout_sessions SET cart_value_paise = ?, cart_value_source = ?, ${UTM_KEYS.map((k) => `${k} = ?`).join(', ')}
       WHERE id = ? AND merchant_id = ? AND ${fromStates('change_cart')}`,
      [cartValuePaise, source, ...UTM_KEYS.map((k) => utm[k] ?? null), id, merchantId],
    );
    if (changed === 0) await this.refuse(this.sql, 'change_cart', merchantId, id);
  }

  /** A guarded update changed nothing: the session's state now says why (or it is gone). */
  private async refuse(
    sql: Sql,
    step: 'select_address' | 'change_cart' | 'abandon',
    merchantId: string,
    id: string,
  ): Promise<void> {
    const row = await sql.get<{ status: SessionStatus }>(
      'SELECT status FROM checkout_sessions WHERE id = ? AND merchant_id = ?',
      [id, merchantId],
    );
    if (!row) throw new Error(`session ${id} vanished`);
    assertAllowed(step, row.status);
  }
}
