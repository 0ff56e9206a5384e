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
