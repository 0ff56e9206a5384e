// Customer import: validate each row, upsert buyers (deduplicated by legacy id, email, phone) and addresses in one transaction.
import { SqliteError } from 'better-sqlite3';
import type { AddressRepository } from './address-repository.ts';
import type { Buyer, BuyerRepository } from './buyer-repository.ts';
import { ImportCustomerRowSchema, rowError, type ImportCustomerRow } from './import-schema.ts';
import type { ImportRepository, RowError } from './import-repository.ts';

export interface RowResult {
  row_index: number;
  legacy_external_id: string | null;
  status: 'created' | 'updated' | 'error';
  buyer_id?: string;
  error_code?: string;
  error_message?: string;
}

export interface ImportResult {
  batch_id: string;
  status: 'completed' | 'failed';
  total_rows: number;
  imported_count: number;
  error_count: number;
  results: RowResult[];
}

class RowConflict extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export class ImportService {
  constructor(
    private readonly imports: ImportRepository,
    private readonly buyers: BuyerRepository,
    private readonly addresses: AddressRepository,
  ) {}

  /**
   * Imports `rows` for a merchant. The batch row is committed as 'processing' first; all rows then commit in one
   * transaction with the final status: 'completed' when at least one row was imported, 'failed' when none was.
   */
  run(merchantId: string, label: string | null, rows: unknown[]): ImportResult {
    const db = this.imports.db;
    const batchId = this.imports.create(merchantId, label, rows.length, new Date().toISOString());
    try {
      return db.transaction(() => {
        const now = new Date().toISOString();
        const results = rows.map((raw, i) => this.importRow(merchantId, batchId, i, raw, now));
        const imported = results.filter((r) => r.status !== 'error').length;
        const status: ImportResult['status'] = imported > 0 ? 'completed' : 'failed';
        this.imports.finish(batchId, status, imported, rows.length - imported, new Date().toISOString());
        return { batch_id: batchId, status, total_rows: rows.length, imported_count: imported, error_count: rows.length - imported, results };
      }).immediate();
    } catch (err) {
      this.imports.finish(batchId, 'failed', 0, 0, new Date().toISOString());
      throw err;
    }
  }

  private importRow(merchantId: string, batchId: string, index: number, raw: unknown, now: string): RowResult {
    const legacy = legacyIdOf(raw);
    const parsed = ImportCustomerRowSchema.safeParse(raw);
    const fail = (e: Omit<RowError, 'row_index' | 'legacy_external_id'>): RowResult => {
      this.imports.addError(batchId, { row_index: index, legacy_external_id: legacy, ...e });
      return { row_index: index, legacy_external_id: legacy, status: 'error', ...e };
    };
    if (!parsed.success) return fail(rowError(parsed.error));
    try {
      // A savepoint per row: a row that fails half-way leaves nothing behind, and the batch goes on.
      const { buyerId, created } = this.imports.db.transaction(() => {
        const buyer = this.upsertBuyer(merchantId, parsed.data, now);
        this.upsertAddress(merchantId, buyer.buyerId, parsed.data, now);
        return buyer;
      })();
      return { row_index: index, legacy_external_id: legacy, status: created ? 'created' : 'updated', buyer_id: buyerId };
    } catch (err) {
      if (err instanceof RowConflict) return fail({ error_code: err.code, error_message: err.message });
      if (err instanceof SqliteError && err.code.startsWith('SQLITE_CONSTRAINT')) return fail({ error_code: 'constraint_violation', error_message: err.message });
      throw err;
    }
  }

  private upsertBuyer(merchantId: string, row: ImportCustomerRow, now: string): { buyerId: string; created: boolean } {
    const matches = [
      row.legacy_external_id ? this.buyers.byLegacyId(merchantId, row.legacy_external_id) : null,
      row.email ? this.buyers.byEmail(merchantId, row.email) : null,
      row.phone ? this.buyers.byPhone(merchantId, row.phone) : null,
    ].filter((b): b is Buyer => b !== null);
    const ids = new Set(matches.map((b) => b.id));
    if (ids.size > 1) throw new RowConflict('contact_conflict', 'legacy_external_id, email and phone belong to different existing buyers');
    const existing = matches[0];
    if (!existing) {
      const fields = { email: row.email ?? null, phone: row.phone ?? null, name: row.name ?? null, legacy_external_id: row.legacy_external_id ?? null };
      return { buyerId: this.buyers.insert(merchantId, fields, now), created: true };
    }
    if (row.legacy_external_id && existing.legacy_external_id && existing.legacy_external_id !== row.legacy_external_id) {
      throw new RowConflict('legacy_id_conflict', `buyer with this contact already has legacy_external_id ${existing.legacy_external_id}`);
    }
    this.buyers.update(merchantId, existing.id, {
      email: row.email ?? existing.email,
      phone: row.phone ?? existing.phone,
      name: row.name ?? existing.name,
      legacy_external_id: row.legacy_external_id ?? existing.legacy_external_id,
    }, now);
    return { buyerId: existing.id, created: false };
  }

  /** Same first line and pincode as an existing address of the buyer: update it rather than add a copy. */
  private upsertAddress(merchantId: string, buyerId: string, row: ImportCustomerRow, now: string): void {
    if (!row.address_line1 || !row.city || !row.pincode) return;
    const fields = {
      name: row.name ?? null, phone: row.phone ?? null, line1: row.address_line1, line2: row.address_line2 ?? null,
      landmark: row.landmark ?? null, city: row.city, state: row.state ?? null, pincode: row.pincode, country: 'IN',
    };
    const existing = this.addresses.byLine(merchantId, buyerId, row.address_line1, row.pincode);
    if (existing) this.addresses.update(merchantId, buyerId, existing.id, fields, now);
    else this.addresses.insert(merchantId, buyerId, fields, false, now);
  }
}

/** The row's legacy id for error reporting, even when the row is otherwise invalid. */
function legacyIdOf(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const id = (raw as { legacy_external_id?: unknown }).legacy_external_id;
  return typeof id === 'string' ? id.slice(0, 128) : typeof id === 'number' ? String(id) : null;
}
