// The sessions listing's search by the start of an email or of a session id, read from indexes (the merchant's
// emails, the ids) instead of testing every session of the window (30-75 ms a search for a month of a busy shop).
import type { Dialect } from '../db/sql.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOWEST = '00000000-0000-0000-0000-000000000000';
const HIGHEST = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
/** An id is searched by its start from its first group on: a shorter one would name a share of every shop's ids. */
const ID_PREFIX = 8;
/** Sorts after every text an email could go on with (both stores compare these bytes in code point order). */
const AFTER = '\u{10FFFF}';

/**
 * The ids of the merchant's sessions whose email starts with `text` (lower case, as emails are stored), and of any
 * sessions whose id does, as a subquery and its values.
 */
export function sessionsStartingWith(
  merchantId: string,
  text: string,
  dialect: Dialect,
): { sql: string; values: unknown[] } {
  // PostgreSQL compares text in byte order under the C collation, which its index of emails is built with.
  const email = dialect === 'postgres' ? 'e.email COLLATE "C"' : 'e.email';
  const byEmail = `SELECT e.id FROM checkout_sessions e WHERE e.merchant_id = ? AND ${email} >= ? AND ${email} < ?`;
  const values = [merchantId, text, text + AFTER];
  // Every id has one shape, so the ids starting with `text` lie between it padded with the lowest and highest digits.
  const lowest = text + LOWEST.slice(text.length);
  if (text.length < ID_PREFIX || !UUID.test(lowest)) return { sql: byEmail, values };
  return {
    // By the ids' own index: the listing keeps to the merchant's (a merchant term here would read its index instead).
    sql: `${byEmail} UNION SELECT i.id FROM checkout_sessions i WHERE i.id >= ? AND i.id <= ?`,
    values: [...values, lowest, text + HIGHEST.slice(text.length)],
  };
}

/** A gateway's order or payment id as Razorpay writes them (case matters: they are compared exactly). */
const GATEWAY_ID = /^(order|pay)_[A-Za-z0-9]{6,40}$/;

/**
 * The sessions a gateway order or payment id belongs to (its orders, its payment, a refused payment), as a subquery
 * and its values; null when `text` is not such an id. Each is an exact match on an index.
 */
export function sessionsWithGatewayId(text: string): { sql: string; values: unknown[] } | null {
  if (!GATEWAY_ID.test(text)) return null;
  return {
    sql:
      'SELECT o.session_id AS id FROM payment_orders o WHERE o.gateway_order_id = ? ' +
      'UNION SELECT p.session_id FROM session_payments p WHERE p.gateway_payment_id = ? ' +
      'UNION SELECT r.session_id FROM refused_payments r WHERE r.gateway_payment_id = ?',
    values: [text, text, text],
  };
}

/**
 * The sessions of the merchant's buyers with the phone `e164`, on their profile or on a saved address (what a buyer
 * calling support, or the courier, quotes), and of the orders that shipped to it (their saved address may be gone), as
 * a subquery and its values. Each lookup reads an index.
 */
export function sessionsWithPhone(merchantId: string, e164: string): { sql: string; values: unknown[] } {
  return {
    sql:
      'SELECT ph.id FROM checkout_sessions ph WHERE ph.buyer_id IN (' +
      'SELECT b.id FROM buyers b WHERE b.merchant_id = ? AND b.phone = ? ' +
      'UNION SELECT ad.buyer_id FROM addresses ad WHERE ad.merchant_id = ? AND ad.phone = ?) ' +
      'UNION SELECT dl.session_id FROM delivery_addresses dl WHERE dl.phone = ?',
    values: [merchantId, e164, merchantId, e164, e164],
  };
}

/** A name is searched from its second letter: one letter would name a share of every order. */
const NAME_PREFIX = 2;

/** Apostrophes, straight and curly: a name is searched without them (D'Souza, D’Souza, dsouza). */
const APOSTROPHES = /['’‘]/g;
const sqliteUnquoted = (expr: string) => `replace(replace(replace(${expr}, '''', ''), '’', ''), '‘', '')`;

/**
 * The lower-cased whole name, its words after the first, and its last word, each without apostrophes, as migration
 * 035 indexes them.
 */
const NAME_KEYS = {
  postgres: [
    `translate(lower(n.name), '''’‘', '') COLLATE "C"`,
    `translate(lower(btrim(substr(n.name, strpos(n.name, ' ') + 1))), '''’‘', '') COLLATE "C"`,
    `translate(lower(regexp_replace(n.name, '^.* ', '')), '''’‘', '') COLLATE "C"`,
  ],
  sqlite: [
    sqliteUnquoted('lower(n.name)'),
    sqliteUnquoted(`lower(trim(substr(n.name, instr(n.name, ' ') + 1)))`),
    sqliteUnquoted(`lower(substr(n.name, length(rtrim(n.name, replace(n.name, ' ', ''))) + 1))`),
  ],
};

/**
 * The sessions whose order ships to a name starting with `typed` (lower case; apostrophes aside), or whose name's
 * words after the first, or last word, do (a surname), as a subquery and its values; null when it cannot start a name.
 * Any merchant's: the listing keeps to its own. Each side reads its index of the names, written here exactly as indexed.
 */
export function sessionsWithName(typed: string, dialect: Dialect): { sql: string; values: unknown[] } | null {
  const text = typed.replace(APOSTROPHES, '');
  if (text.length < NAME_PREFIX || /[\d@]/.test(text)) return null;
  const by = (key: string) =>
    `SELECT n.session_id AS id FROM delivery_addresses n WHERE n.name IS NOT NULL AND ${key} >= ? AND ${key} < ?`;
  const keys = NAME_KEYS[dialect];
  return { sql: keys.map(by).join(' UNION '), values: keys.flatMap(() => [text, text + AFTER]) };
}

/**
 * The merchant's sessions owing a refund (a payment the gateway took that completed nothing), as a subquery and its
 * values: read from the refused payments, which are few, not by testing every session of the window.
 */
export function sessionsOwingRefunds(merchantId: string): { sql: string; values: unknown[] } {
  return {
    sql: 'SELECT DISTINCT r.session_id AS id FROM refused_payments r WHERE r.merchant_id = ? AND r.refunded_at IS NULL',
    values: [merchantId],
  };
}
