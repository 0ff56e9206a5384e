// Prepared statements for checkout sessions: create on verify, resolve by token hash, status changes, admin listing.
import type { Db } from '../db/open.ts';

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Partial<Record<UtmKey, string>>;

export interface CheckoutSession {
  id: string;
  merchant_id: string;
  buyer_id: string;
  auth_channel: 'email' | 'phone';
  email: string | null;
  status: 'verified' | 'address_completed' | 'abandoned';
  cart_value_paise: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  selected_address_id: string | null;
  created_at: string;
  expires_at: string;
  address_completed_at: string | null;
  abandoned_at: string | null;
}

/** Every column except the token hash, which never leaves the repository. */
const COLUMNS = `id, merchant_id, buyer_id, auth_channel, email, status, cart_value_paise, utm_source, utm_medium, utm_campaign,
  utm_term, utm_content, selected_address_id, created_at, expires_at, address_completed_at, abandoned_at`;

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
  private readonly insertStmt;
  private readonly byTokenStmt;
  private readonly byIdStmt;
  private readonly listStmt;
  private readonly countStmt;
  private readonly completeStmt;
  private readonly abandonStmt;
  private readonly cartStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, cart_value_paise,
         utm_source, utm_medium, utm_campaign, utm_term, utm_content, created_at, expires_at)
       VALUES (@id, @merchant_id, @buyer_id, @token_hash, 'email', @email, 'verified', @cart_value_paise,
         @utm_source, @utm_medium, @utm_campaign, @utm_term, @utm_content, @created_at, @expires_at)`,
    );
    this.byTokenStmt = db.prepare<[string, string], CheckoutSession>(`SELECT ${COLUMNS} FROM checkout_sessions WHERE token_hash = ? AND expires_at > ?`);
    this.byIdStmt = db.prepare<[string, string], CheckoutSession>(`SELECT ${COLUMNS} FROM checkout_sessions WHERE merchant_id = ? AND id = ?`);
    this.listStmt = db.prepare<[string, string, string, number, number], CheckoutSession>(
      `SELECT ${COLUMNS} FROM checkout_sessions WHERE merchant_id = ? AND created_at >= ? AND created_at <= ?
       ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    );
    this.countStmt = db.prepare<[string, string, string], number>(
      'SELECT COUNT(*) FROM checkout_sessions WHERE merchant_id = ? AND created_at >= ? AND created_at <= ?',
    ).pluck();
    this.completeStmt = db.prepare(
      `UPDATE checkout_sessions SET status = 'address_completed', selected_address_id = ?, address_completed_at = ? WHERE id = ? AND merchant_id = ?`,
    );
    this.abandonStmt = db.prepare(
      `UPDATE checkout_sessions SET status = 'abandoned', abandoned_at = ? WHERE id = ? AND merchant_id = ? AND status <> 'abandoned'`,
    );
    this.cartStmt = db.prepare(
      `UPDATE checkout_sessions SET cart_value_paise = ?, utm_source = ?, utm_medium = ?, utm_campaign = ?, utm_term = ?, utm_content = ?
       WHERE id = ? AND merchant_id = ?`,
    );
  }

  insert(s: NewSession): void {
    const { utm, ...columns } = s;
    this.insertStmt.run({ ...columns, ...Object.fromEntries(UTM_KEYS.map((k) => [k, utm[k] ?? null])) });
  }

  /** The live (unexpired) session for a token hash. */
  byTokenHash(tokenHash: string, now: string): CheckoutSession | null {
    return this.byTokenStmt.get(tokenHash, now) ?? null;
  }

  byId(merchantId: string, id: string): CheckoutSession | null {
    return this.byIdStmt.get(merchantId, id) ?? null;
  }

  list(merchantId: string, from: string, to: string, limit: number, offset: number): { sessions: CheckoutSession[]; total: number } {
    return { sessions: this.listStmt.all(merchantId, from, to, limit, offset), total: this.countStmt.get(merchantId, from, to) ?? 0 };
  }

  markAddressCompleted(merchantId: string, id: string, addressId: string, now: string): void {
    this.completeStmt.run(addressId, now, id, merchantId);
  }

  /** False when the session was already abandoned. */
  markAbandoned(merchantId: string, id: string, now: string): boolean {
    return this.abandonStmt.run(now, id, merchantId).changes === 1;
  }

  saveCart(merchantId: string, id: string, cartValuePaise: number | null, utm: Utm): void {
    this.cartStmt.run(cartValuePaise, ...UTM_KEYS.map((k) => utm[k] ?? null), id, merchantId);
  }
}
