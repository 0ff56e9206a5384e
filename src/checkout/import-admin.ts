// The merchant's imports: run one, read a batch with its first errors and warnings, list batches, page a batch's issues.
import { DomainError } from '../kernel/errors.ts';
import type { Merchant } from './merchant-repository.ts';
import { MAX_REPORTED_ERRORS } from './import-schema.ts';
import type { ImportRepository } from './import-repository.ts';
import type { ImportService } from './import-service.ts';

interface Page {
  limit: number;
  offset: number;
}

export class ImportAdmin {
  constructor(
    private readonly imports: ImportRepository,
    private readonly importer: ImportService,
  ) {}

  run(merchant: Merchant, label: string | null, rows: unknown[], firstRow: number | null) {
    return this.importer.run(merchant.id, label, 'api', rows, firstRow);
  }

  async status(merchant: Merchant, batchId: string) {
    const batch = await this.batch(merchant, batchId);
    const [errors, warnings] = await Promise.all([
      this.imports.rowIssues(batch.id, 'error', MAX_REPORTED_ERRORS + 1),
      this.imports.rowIssues(batch.id, 'warning', MAX_REPORTED_ERRORS + 1),
    ]);
    return {
      batch,
      stopped: stoppedReason(batch),
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
      errors_truncated: errors.length > MAX_REPORTED_ERRORS,
      warnings: warnings.slice(0, MAX_REPORTED_ERRORS),
      warnings_truncated: warnings.length > MAX_REPORTED_ERRORS,
    };
  }

  async batches(merchant: Merchant, page: Page) {
    return { ...(await this.imports.list(merchant.id, page.limit, page.offset)), ...page };
  }

  /** Every error and warning of a batch, a page at a time: what the dashboard's error file is made of. */
  async issues(merchant: Merchant, batchId: string, page: Page) {
    const batch = await this.batch(merchant, batchId);
    const [issues, total] = await Promise.all([
      this.imports.rowIssues(batch.id, null, page.limit, page.offset),
      this.imports.countIssues(batch.id),
    ]);
    return { batch_id: batch.id, issues, total, ...page };
  }

  private async batch(merchant: Merchant, batchId: string) {
    const batch = await this.imports.byId(merchant.id, batchId);
    if (!batch) throw new DomainError('not_found', 'batch_not_found', `No import batch ${batchId}`);
    return batch;
  }
}

/** A failed batch with rows left over was cut short (its server stopped mid-import): say so, and how to finish it. */
function stoppedReason(b: { status: string; total_rows: number; imported_count: number; error_count: number }) {
  const done = b.imported_count + b.error_count;
  if (b.status !== 'failed' || done >= b.total_rows) return null;
  return (
    `Stopped after ${done} of ${b.total_rows} rows: the server importing it stopped. Send the same file again; ` +
    'rows already imported are updated, not doubled'
  );
}
