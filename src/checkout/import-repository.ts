// Prepared statements for import batches and their row errors.
import type { Db } from '../db/open.ts';
import { randomId } from './secrets.ts';

export interface ImportBatch {
  id: string;
  batch_label: string | null;
  status: 'processing' | 'completed' | 'failed';
  total_rows: number;
  imported_count: number;
  error_count: number;
  created_at: string;
  completed_at: string | null;
}

export interface RowError {
  row_index: number;
  legacy_external_id: string | null;
  error_code: string;
  error_message: string;
}

export class ImportRepository {
  private readonly insertStmt;
  private readonly finishStmt;
  private readonly errorStmt;
  private readonly byIdStmt;
  private readonly errorsStmt;
  private readonly failStaleStmt;

  constructor(readonly db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO import_batches (id, merchant_id, batch_label, status, total_rows, created_at) VALUES (?, ?, ?, 'processing', ?, ?)`,
    );
    this.finishStmt = db.prepare('UPDATE import_batches SET status = ?, imported_count = ?, error_count = ?, completed_at = ? WHERE id = ?');
    this.errorStmt = db.prepare(
      'INSERT INTO import_row_errors (batch_id, row_index, legacy_external_id, error_code, error_message) VALUES (?, ?, ?, ?, ?)',
    );
    this.byIdStmt = db.prepare<[string, string], ImportBatch>(
      `SELECT id, batch_label, status, total_rows, imported_count, error_count, created_at, completed_at FROM import_batches WHERE merchant_id = ? AND id = ?`,
    );
    this.errorsStmt = db.prepare<[string, number], RowError>(
      'SELECT row_index, legacy_external_id, error_code, error_message FROM import_row_errors WHERE batch_id = ? ORDER BY row_index LIMIT ?',
    );
    this.failStaleStmt = db.prepare(`UPDATE import_batches SET status = 'failed', completed_at = ? WHERE status = 'processing'`);
  }

  /** Commits a 'processing' batch on its own, so a crash mid-import leaves a visible trace. */
  create(merchantId: string, label: string | null, totalRows: number, now: string): string {
    const id = randomId('imp');
    this.insertStmt.run(id, merchantId, label, totalRows, now);
    return id;
  }

  finish(id: string, status: 'completed' | 'failed', imported: number, errors: number, now: string): void {
    this.finishStmt.run(status, imported, errors, now, id);
  }

  addError(batchId: string, e: RowError): void {
    this.errorStmt.run(batchId, e.row_index, e.legacy_external_id, e.error_code, e.error_message);
  }

  byId(merchantId: string, id: string): ImportBatch | null {
    return this.byIdStmt.get(merchantId, id) ?? null;
  }

  errors(batchId: string, limit: number): RowError[] {
    return this.errorsStmt.all(batchId, limit);
  }

  /** At start-up no import can be running, so any 'processing' batch belongs to a process that died. */
  failStale(now: string): number {
    return this.failStaleStmt.run(now).changes;
  }
}
