// Seeded 5000-row customer imports and what the SQLite file holds for one merchant's batch, for the import crash test.
import type BetterSqlite3 from 'better-sqlite3';
import { mulberry32 } from '../../../bench/seeded.ts';

/** A read-only connection to the server's file (better-sqlite3 directly: the test must never be a writer that recovers the WAL). */
export type Reader = BetterSqlite3.Database;

export interface ImportRows {
  rows: Array<Record<string, string>>;
  /** Rows the schema accepts (each a distinct buyer with one address). */
  valid: number;
  /** Rows rejected with a row error (a broken email). */
  invalid: number;
}

/** `count` rows for `tag` (unique contacts per tag); about 1 in 10 has a broken email, as real legacy exports do. */
export function importRows(tag: string, count: number, seed: number): ImportRows {
  const next = mulberry32(seed);
  let invalid = 0;
  const rows = Array.from({ length: count }, (_, i) => {
    const broken = next() < 0.1;
    if (broken) invalid++;
    return {
      legacy_customer_id: `L-${tag}-${i}`,
      email: broken ? `broken-${tag}-${i}` : `c-${tag}-${i}@example.com`,
      phone_e164: `+9190${String(i).padStart(8, '0')}`,
      name: `Customer ${tag} ${i}`,
      flat_number: String(Math.floor(next() * 999) + 1),
      street_name: 'Main Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
  });
  return { rows, valid: count - invalid, invalid };
}

export interface BatchSnapshot {
  batch:
    | { id: string; status: string; imported_count: number; error_count: number; completed_at: string | null }
    | undefined;
  batches: number;
  buyers: number;
  distinctLegacyIds: number;
  addresses: number;
  rowErrors: number;
}

/** The merchant's newest batch and every row the import can write for that merchant. */
export function snapshot(db: Reader, merchantId: string): BatchSnapshot {
  const count = (sql: string) => (db.prepare(sql).get(merchantId) as { n: number }).n;
  return {
    batch: db
      .prepare(
        'SELECT id, status, imported_count, error_count, completed_at FROM import_batches WHERE merchant_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
      )
      .get(merchantId) as BatchSnapshot['batch'],
    batches: count('SELECT COUNT(*) AS n FROM import_batches WHERE merchant_id = ?'),
    buyers: count('SELECT COUNT(*) AS n FROM buyers WHERE merchant_id = ?'),
    distinctLegacyIds: count('SELECT COUNT(DISTINCT legacy_customer_id) AS n FROM buyers WHERE merchant_id = ?'),
    addresses: count('SELECT COUNT(*) AS n FROM addresses WHERE merchant_id = ?'),
    rowErrors: count(
      'SELECT COUNT(*) AS n FROM import_row_errors e JOIN import_batches b ON b.id = e.batch_id WHERE b.merchant_id = ?',
    ),
  };
}

/** The merchant's buyer ids now. */
export function buyerIds(db: Reader, merchantId: string): Set<string> {
  return new Set(db.prepare('SELECT id FROM buyers WHERE merchant_id = ?').pluck().all(merchantId) as string[]);
}

/** The merchant's batch row status right now ('none' before the batch row is committed). */
export function batchStatus(db: Reader, merchantId: string): string {
  const row = db
    .prepare('SELECT status FROM import_batches WHERE merchant_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
    .get(merchantId) as { status: string } | undefined;
  return row?.status ?? 'none';
}

/** PRAGMA integrity_check and foreign_key_check over the whole file: 'ok' and no dangling references. */
export function fileHealth(db: Reader): { integrity: string; foreignKeyViolations: number } {
  const integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
    .map((r) => r.integrity_check)
    .join('; ');
  return { integrity, foreignKeyViolations: (db.pragma('foreign_key_check') as unknown[]).length };
}
