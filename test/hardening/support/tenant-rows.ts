// One tenant's rows of every checkout table (a merchant's, or one buyer's within it), hashed, to prove another tenant changed none.
import type { Db } from '../../../src/db/open.ts';
import { digest, type Snapshot } from './db-snapshot.ts';

/**
 * Merchant-level tables (config, keys, offers, funnel, imports) are always taken whole; buyer-level tables (buyers,
 * addresses, sessions, codes, payments, webhooks) only for `buyerId` when it is given.
 */
export function tenantRows(db: Db, merchantId: string, buyerId?: string): Snapshot {
  const rows = (sql: string, ...args: unknown[]) => digest(db.prepare(sql).all(...args));
  const one = buyerId !== undefined;
  const b = [merchantId, ...(one ? [buyerId] : [])];
  const sessions = `SELECT id FROM checkout_sessions WHERE merchant_id = ?${one ? ' AND buyer_id = ?' : ''}`;
  const events = `SELECT id FROM webhook_outbox WHERE merchant_id = ?${one ? " AND json_extract(payload, '$.buyer_id') = ?" : ''}`;
  return {
    merchants: rows('SELECT * FROM merchants WHERE id = ?', merchantId),
    merchant_api_keys: rows('SELECT * FROM merchant_api_keys WHERE merchant_id = ?', merchantId),
    offers: rows('SELECT * FROM offers WHERE merchant_id = ?', merchantId),
    funnel_events: rows('SELECT * FROM funnel_events WHERE merchant_id = ?', merchantId),
    import_batches: rows('SELECT * FROM import_batches WHERE merchant_id = ?', merchantId),
    import_row_errors: rows('SELECT e.* FROM import_row_errors e JOIN import_batches i ON i.id = e.batch_id WHERE i.merchant_id = ?', merchantId),
    buyers: rows(`SELECT * FROM buyers WHERE merchant_id = ?${one ? ' AND id = ?' : ''}`, ...b),
    addresses: rows(`SELECT * FROM addresses WHERE merchant_id = ?${one ? ' AND buyer_id = ?' : ''}`, ...b),
    checkout_sessions: rows(`SELECT * FROM checkout_sessions WHERE id IN (${sessions})`, ...b),
    otp_codes: rows(
      `SELECT * FROM otp_codes WHERE merchant_id = ?${one ? ' AND email IN (SELECT email FROM buyers WHERE merchant_id = ? AND id = ?)' : ''}`,
      ...(one ? [merchantId, merchantId, buyerId] : [merchantId]),
    ),
    payment_orders: rows(`SELECT * FROM payment_orders WHERE session_id IN (${sessions})`, ...b),
    session_payments: rows(`SELECT * FROM session_payments WHERE session_id IN (${sessions})`, ...b),
    webhook_outbox: rows(`SELECT * FROM webhook_outbox WHERE id IN (${events})`, ...b),
    webhook_deliveries: rows(`SELECT * FROM webhook_deliveries WHERE outbox_id IN (${events})`, ...b),
  };
}
