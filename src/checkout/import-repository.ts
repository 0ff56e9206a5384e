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
  source: string;
  label: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface RowError {
  row_index: number;
  legacy_external_id: string | null;
  error_code: string;
  error_message: string;
  created_at: string;
}

const BATCH_COLUMNS =
  'id, status, total_rows, imported_count, error_count, source, batch_label AS label, created_at, completed_at';

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
  ): Promise<string> {
    const id = newId();
    await this.sql.run(
      `INSERT INTO import_batches (id, merchant_id, batch_label, status, total_rows, source, node_id, created_at) VALUES (?, ?, ?, 'processing', ?, ?, ?, ?)`,
      [id, merchantId, label, totalRows, source, nodeId, this.clock().toISOString()],
    );
    return id;
  }

  /** Adds a committed chunk's rows to the batch's counts (in the chunk's transaction). */
  async count(id: string, imported: number, errors: number): Promise<void> {
    await this.sql.run(
      'UPDATE import_batches SET imported_count = imported_count + ?, error_count = error_count + ? WHERE id = ?',
      [imported, errors, id],
    );
  }

  async finish(id: string, status: 'completed' | 'failed'): Promise<void> {
    await this.sql.run('UPDATE import_batches SET status = ?, completed_at = ? WHERE id = ?', [
      status,
      this.clock().toISOString(),
      id,
    ]);
  }

  async addError(batchId: string, e: Omit<RowError, 'created_at'>): Promise<void> {
    await this.sql.run(
      'INSERT INTO import_row_errors (batch_id, row_index, legacy_external_id, error_code, error_message, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      [batchId, e.row_index, e.legacy_external_id, e.error_code, e.error_message, this.clock().toISOString()],
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

  async list(merchantId: string, limit: number, offset: number): Promise<ImportBatch[]> {
    return this.sql.all<ImportBatch>(
      `SELECT ${BATCH_COLUMNS} FROM import_batches WHERE merchant_id = ? ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [merchantId, limit, offset],
    );
  }

  errors(batchId: string, limit: number): Promise<RowError[]> {
    return this.sql.all<RowError>(
      'SELECT row_index, legacy_external_id, error_code, error_message, created_at FROM import_row_errors WHERE batch_id = ? ORDER BY row_index LIMIT ?',
      [batchId, limit],
    );
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
