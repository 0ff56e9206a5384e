// Customer import: validate each row, upsert buyers (by legacy id, email, phone) and addresses, in chunks that commit on their own.
import { retryLater } from '../kernel/retry-later.ts';
import { DomainError } from '../kernel/errors.ts';
import { isConstraintError, type Sql } from '../db/sql.ts';
import type { AddressRepository } from './address-repository.ts';
import { upsertAddress } from './import-address.ts';
import type { Buyer, BuyerRepository } from './buyer-repository.ts';
import { IMPORT_COLUMNS, ImportRowSchema, rowError, type ImportRow } from './import-schema.ts';
import type { ImportRepository } from './import-repository.ts';
import { DirectoryCheck, type RowIssue } from './import-checks.ts';
import type { PostalDirectory } from './ports.ts';

/** One element of data.results: the document's fields (buyer_id/address_id only when there is one). */
export interface RowResult {
  row_index: number;
  success: boolean;
  buyer_id?: string;
  address_id?: string;
  error?: string;
  error_code?: string;
  /** What does not match the directory in a row imported all the same (a pincode pointing elsewhere). */
  warnings?: string[];
}

export interface ImportResult {
  batch_id: string;
  status: 'completed' | 'failed';
  total_rows: number;
  imported_count: number;
  error_count: number;
  warning_count: number;
  results: RowResult[];
  /** Columns no row field is named after; their values were not imported. */
  unknown_columns: string[];
}

export interface ImportDeps {
  sql: Sql;
  imports: ImportRepository;
  buyers: BuyerRepository;
  addresses: AddressRepository;
  /** Pincodes are checked against its directory. */
  location: Pick<PostalDirectory, 'pincodeFacts' | 'geocode'>;
  /** This process's node id (owns the batch while it runs). */
  nodeId: string;
}

class RowConflict extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Rows per transaction. Each chunk commits on its own and the import yields between chunks: the SQLite write lock,
 * which every HTTP thread's connection shares, is held for one chunk (tens of ms), never for the whole import.
 */
const CHUNK_ROWS = 250;

export class ImportService {
  constructor(private readonly d: ImportDeps) {}

  /**
   * The batch row is committed as 'processing' first; the rows then commit chunk by chunk with the batch's counts, and
   * the batch ends 'completed' when at least one row was imported, 'failed' when none was. A crash leaves the batch
   * 'processing' until the orphan sweep fails it, with the chunks committed so far counted: running the same rows
   * again completes it (rows are upserts by legacy id, email and phone).
   */
  async run(
    merchantId: string,
    label: string | null,
    source: string,
    rows: unknown[],
    firstRow: number | null = null,
  ): Promise<ImportResult> {
    const { d } = this;
    const batchId = await d.imports.create(merchantId, label, source, rows.length, d.nodeId, firstRow);
    const directory = new DirectoryCheck(d.location);
    const results: RowResult[] = [];
    try {
      for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const chunk = await d.sql.transaction(async (tx) => {
          const done: RowResult[] = [];
          for (let i = start; i < Math.min(rows.length, start + CHUNK_ROWS); i++)
            done.push(await this.importRow(tx, merchantId, batchId, i, rows[i], directory));
          const imported = done.filter((r) => r.success).length;
          const warned = done.filter((r) => r.warnings).length;
          await d.imports.in(tx).count(batchId, imported, done.length - imported, warned);
          return done;
        });
        results.push(...chunk);
      }
    } catch (err) {
      // A store out of reach stopped it and cannot say so yet: the batch would stay "processing" on a live node.
      await d.imports.finish(batchId, 'failed').catch(() => retryLater(() => d.imports.finish(batchId, 'failed')));
      throw err;
    }
    const imported = results.filter((r) => r.success).length;
    const status = imported > 0 ? 'completed' : 'failed';
    await d.imports.finish(batchId, status);
    return {
      batch_id: batchId,
      status,
      total_rows: rows.length,
      imported_count: imported,
      error_count: rows.length - imported,
      warning_count: results.filter((r) => r.warnings).length,
      results,
      unknown_columns: unknownColumns(rows),
    };
  }

  private async importRow(
    tx: Sql,
    merchantId: string,
    batchId: string,
    index: number,
    raw: unknown,
    directory: DirectoryCheck,
  ): Promise<RowResult> {
    const parsed = ImportRowSchema.safeParse(raw);
    const legacy = parsed.success
      ? (parsed.data.legacy_address_id ?? parsed.data.legacy_customer_id ?? null)
      : legacyIdOf(raw);
    const note = (kind: 'error' | 'warning', code: string, message: string) =>
      this.d.imports.in(tx).addError(batchId, {
        kind,
        row_index: index,
        legacy_external_id: legacy,
        error_code: code,
        error_message: message,
      });
    const fail = async (code: string, message: string): Promise<RowResult> => {
      await note('error', code, message);
      return { row_index: index, success: false, error: message, error_code: code };
    };
    if (!parsed.success) {
      const e = rowError(parsed.error);
      return fail(e.error_code, e.error_message);
    }
    const row = parsed.data;
    if (IMPORT_COLUMNS.every((c) => row[c] === undefined))
      return fail('empty_row', 'the row has none of the import fields');
    const verdict = directory.check(row);
    if (verdict.error) return fail(verdict.error.code, verdict.error.message);
    const warnings = [...verdict.warnings];
    try {
      // A savepoint per row: a row that fails half-way leaves nothing behind, and the batch goes on.
      const done: RowResult = await tx.transaction(async (sp) => {
        const { id: buyerId, email } = await this.upsertBuyer(sp, merchantId, row);
        const address = await upsertAddress(this.d.addresses.in(sp), this.d.location, { merchantId, buyerId }, row);
        if (address.skipped) warnings.push(address.skipped);
        warnings.push(...unreachable(email, address.id !== null));
        return {
          row_index: index,
          success: true,
          buyer_id: buyerId,
          ...(address.id ? { address_id: address.id } : {}),
        };
      });
      if (warnings.length === 0) return done;
      for (const w of warnings) await note('warning', w.code, w.message);
      return { ...done, warnings: warnings.map((w) => w.message) };
    } catch (err) {
      if (err instanceof RowConflict) return fail(err.code, err.message);
      if (err instanceof DomainError) return fail(err.code, err.message);
      if (isConstraintError(err))
        return fail('constraint_violation', 'the row conflicts with data of another buyer (email, phone or legacy id)');
      throw err;
    }
  }

  /** The buyer the row names (matched by legacy id, email or phone, else new), with the email it has now. */
  private async upsertBuyer(
    tx: Sql,
    merchantId: string,
    row: ImportRow,
  ): Promise<{ id: string; email: string | null }> {
    const buyers = this.d.buyers.in(tx);
    const matches = [
      row.legacy_customer_id ? await buyers.byLegacyId(merchantId, row.legacy_customer_id) : undefined,
      row.email ? await buyers.byEmail(merchantId, row.email) : undefined,
      row.phone_e164 ? await buyers.byPhone(merchantId, row.phone_e164) : undefined,
    ].filter((b): b is Buyer => b !== undefined);
    if (new Set(matches.map((b) => b.id)).size > 1) {
      throw new RowConflict(
        'contact_conflict',
        'legacy_customer_id, email and phone_e164 belong to different existing buyers',
      );
    }
    const existing = matches[0];
    if (!existing) {
      const id = await buyers.insert(merchantId, {
        email: row.email ?? null,
        phone: row.phone_e164 ?? null,
        name: row.name ?? null,
        legacy_customer_id: row.legacy_customer_id ?? null,
      });
      return { id, email: row.email ?? null };
    }
    if (
      row.legacy_customer_id &&
      existing.legacy_customer_id &&
      existing.legacy_customer_id !== row.legacy_customer_id
    ) {
      throw new RowConflict(
        'legacy_id_conflict',
        `the buyer with this contact already has legacy_customer_id ${existing.legacy_customer_id}`,
      );
    }
    await buyers.update(merchantId, existing.id, {
      email: row.email ?? existing.email,
      phone: row.phone_e164 ?? existing.phone,
      name: row.name ?? existing.name,
      legacy_customer_id: row.legacy_customer_id ?? existing.legacy_customer_id,
    });
    return { id: existing.id, email: row.email ?? existing.email };
  }
}

/**
 * An imported address no one will be offered: a buyer signs in at checkout with their email, so one without is never
 * found. (A pincode without lines is kept quietly: a customer list of pincodes is a fair import, completed at checkout.)
 */
function unreachable(email: string | null, saved: boolean): RowIssue[] {
  if (!saved || email) return [];
  return [
    {
      code: 'no_email',
      message:
        'imported without an email: buyers sign in at checkout with their email, so this address is offered to no ' +
        'one until a row with the email is imported',
    },
  ];
}

/** Keys of the row objects that are not import fields, sorted. */
function unknownColumns(rows: unknown[]): string[] {
  const known = new Set<string>(IMPORT_COLUMNS);
  const unknown = new Set<string>();
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) continue;
    for (const key of Object.keys(row)) if (!known.has(key)) unknown.add(key.slice(0, 64));
    if (unknown.size >= 100) break;
  }
  return [...unknown].sort();
}

/** The row's legacy id for error reporting, even when the row is otherwise invalid. */
function legacyIdOf(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { legacy_address_id?: unknown; legacy_customer_id?: unknown };
  const id = typeof r.legacy_address_id === 'string' ? r.legacy_address_id : r.legacy_customer_id;
  return typeof id === 'string' ? id.slice(0, 128) : typeof id === 'number' ? String(id) : null;
}
