// One tenant's rows of every checkout table (a merchant's, or one buyer's within it), hashed, to prove another tenant changed none.
import type { Sql } from '../../../src/db/sql.ts';
import { digest, type Snapshot } from './db-snapshot.ts';

/**
 * Merchant-level tables (config, keys, offers, funnel, imports) are always taken whole; buyer-level tables (buyers,
 * addresses, sessions, codes, payments, webhooks) only for `buyerId` when it is given. SQLite (json_extract).
 */
export async function tenantRows(sql: Sql, merchantId: string, buyerId?: string): Promise<Snapshot> {
  const rows = async (text: string, ...args: unknown[]) => digest(await sql.all(text, args));
  const one = buyerId !== undefined;
  const b = [merchantId, ...(one ? [buyerId] : [])];
  const sessions = `SELECT id FROM checkout_sessions WHERE merchant_id = ?${one ? ' AND buyer_id = ?' : ''}`;
  const events = `SELECT id FROM webhook_outbox WHERE merchant_id = ?${one ? " AND json_extract(payload, '$.buyer_id') = ?" : ''}`;
  const emails = 'SELECT email FROM buyers WHERE merchant_id = ? AND id = ?';
  return {
    merchants: await rows('SELECT * FROM merchants WHERE id = ?', merchantId),
    merchant_api_keys: await rows('SELECT * FROM merchant_api_keys WHERE merchant_id = ?', merchantId),
    offers: await rows('SELECT * FROM offers WHERE merchant_id = ?', merchantId),
    funnel_events: await rows('SELECT * FROM funnel_events WHERE merchant_id = ?', merchantId),
    import_batches: await rows('SELECT * FROM import_batches WHERE merchant_id = ?', merchantId),
    import_row_errors: await rows(
      'SELECT e.* FROM import_row_errors e JOIN import_batches i ON i.id = e.batch_id WHERE i.merchant_id = ?',
      merchantId,
    ),
    buyers: await rows(`SELECT * FROM buyers WHERE merchant_id = ?${one ? ' AND id = ?' : ''}`, ...b),
    addresses: await rows(`SELECT * FROM addresses WHERE merchant_id = ?${one ? ' AND buyer_id = ?' : ''}`, ...b),
    checkout_sessions: await rows(`SELECT * FROM checkout_sessions WHERE id IN (${sessions})`, ...b),
    otp_codes: one
      ? await rows(
          `SELECT * FROM otp_codes WHERE merchant_id = ? AND email IN (${emails})`,
          merchantId,
          merchantId,
          buyerId,
        )
      : await rows('SELECT * FROM otp_codes WHERE merchant_id = ?', merchantId),
    otp_failures: one
      ? await rows(
          `SELECT * FROM otp_failures WHERE merchant_id = ? AND email IN (${emails})`,
          merchantId,
          merchantId,
          buyerId,
        )
      : await rows('SELECT * FROM otp_failures WHERE merchant_id = ?', merchantId),
    payment_orders: await rows(`SELECT * FROM payment_orders WHERE session_id IN (${sessions})`, ...b),
    session_payments: await rows(`SELECT * FROM session_payments WHERE session_id IN (${sessions})`, ...b),
    webhook_outbox: await rows(`SELECT * FROM webhook_outbox WHERE id IN (${events})`, ...b),
    webhook_deliveries: await rows(`SELECT * FROM webhook_deliveries WHERE outbox_id IN (${events})`, ...b),
  };
}
