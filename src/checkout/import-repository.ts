// Import batches and their row errors in the store; a batch left 'processing' by a node that stopped is failed by the sweep.
import type { Clock } from '../kernel/clock.ts';
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';

export interface ImportBatch {
  id: string;
  status: 'processing' | 'completed' | 'failed';
  total_rows: number;
  imported_count: number;
  error_count: number;
  /** Rows imported with a warning (a pincode that does not match the rest of the address). */
  warning_count: number;
  /** The spreadsheet row number of the batch's first row, when the sender said (2 under a header row). */
  first_row: number | null;
  source: string;
  label: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface RowError {
  kind: 'error' | 'warning';
  row_index: number;
  /** The row as a spreadsheet numbers it (first_row + row_index), when the batch knows its first row. */
  sheet_row: number | null;
  legacy_external_id: string | null;
  error_code: string;
  error_message: string;
  created_at: string;
}

const BATCH_COLUMNS = `id, status, total_rows, imported_count, error_count, warning_count, first_row, source,
  batch_label AS label, created_at, completed_at`;
const ERROR_COLUMNS = `e.kind, e.row_index, CASE WHEN b.first_row IS NULL THEN NULL ELSE b.first_row + e.row_index END
  AS sheet_row, e.legacy_external_id, e.error_code, e.error_message, e.created_at`;

export class ImportRepository {
  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  in(tx: Sql): ImportRepository {
    return new ImportRepository(tx, this.clock);
  }

  /** Commits a 'processing' batch on its own, owned by `nodeId`, so a crash mid-import leaves a visible trace. */
  async create(
    merchantId: string,
    label: string | null,
    source: string,
    totalRows: number,
    nodeId: string,
    firstRow: number | null = null,
  ): Promise<string> {
    const id = newId();
    await this.sql.run(
      `INSERT INTO import_batches (id, merchant_id, batch_label, status, total_rows, source, node_id, created_at, first_row)
       VALUES (?, ?, ?, 'processing', ?, ?, ?, ?, ?)`,
      [id, merchantId, label, totalRows, source, nodeId, this.clock().toISOString(), firstRow],
    );
    return id;
  }

  /** Adds a committed chunk's rows to the batch's counts (in the chunk's transaction). */
  async count(id: string, imported: number, errors: number, warnings = 0): Promise<void> {
    await this.sql.run(
      `UPDATE import_batches SET imported_count = imported_count + ?, error_count = error_count + ?,
         warning_count = warning_count + ? WHERE id = ?`,
      [imported, errors, warnings, id],
    );
  }

  async finish(id: string, status: 'completed' | 'failed'): Promise<void> {
    await this.sql.run('UPDATE import_batches SET status = ?, completed_at = ? WHERE id = ?', [
      status,
      this.clock().toISOString(),
      id,
    ]);
  }

  /** Records a row's error, or a warning about a row that was imported all the same. */
  async addError(batchId: string, e: Omit<RowError, 'created_at' | 'sheet_row'>): Promise<void> {
    await this.sql.run(
      `INSERT INTO import_row_errors (batch_id, kind, row_index, legacy_external_id, error_code, error_message, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [batchId, e.kind, e.row_index, e.legacy_external_id, e.error_code, e.error_message, this.clock().toISOString()],
    );
  }

  async byId(merchantId: string, id: string): Promise<ImportBatch | null> {
    return (
      (await this.sql.get<ImportBatch>(`SELECT ${BATCH_COLUMNS} FROM import_batches WHERE merchant_id = ? AND id = ?`, [
        merchantId,
        id,
      ])) ?? null
    );
  }

  /** The merchant's batches, newest first. */
  async list(merchantId: string, limit: number, offset: number): Promise<{ batches: ImportBatch[]; total: number }> {
    const batches = await this.sql.all<ImportBatch>(
      `SELECT ${BATCH_COLUMNS} FROM import_batches WHERE merchant_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [merchantId, limit, offset],
    );
    const total = await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM import_batches WHERE merchant_id = ?', [
      merchantId,
    ]);
    return { batches, total: total?.n ?? 0 };
  }

  /** A batch's errors or warnings in row order (`kind` null: both). */
  rowIssues(batchId: string, kind: RowError['kind'] | null, limit: number, offset = 0): Promise<RowError[]> {
    return this.sql.all<RowError>(
      `SELECT ${ERROR_COLUMNS} FROM import_row_errors e JOIN import_batches b ON b.id = e.batch_id
       WHERE e.batch_id = ?${kind ? ' AND e.kind = ?' : ''} ORDER BY e.row_index, e.id LIMIT ? OFFSET ?`,
      kind ? [batchId, kind, limit, offset] : [batchId, limit, offset],
    );
  }

  async countIssues(batchId: string): Promise<number> {
    const row = await this.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM import_row_errors WHERE batch_id = ?', [
      batchId,
    ]);
    return row?.n ?? 0;
  }

  /** Fails 'processing' batches whose node no longer beats (it crashed or was killed mid-import); never a live node's. */
  async failOrphans(staleBefore: string): Promise<number> {
    return this.sql.run(
      `UPDATE import_batches SET status = 'failed', completed_at = ? WHERE status = 'processing'
       AND (node_id IS NULL OR node_id NOT IN (SELECT id FROM nodes WHERE heartbeat_at >= ?))`,
      [this.clock().toISOString(), staleBefore],
    );
  }
}
