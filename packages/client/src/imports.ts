// Customer import of any size: rows split into the documented batches (5,000 rows, 8 MiB), sent in order, with progress.
import type { ImportBatchResult, ImportRow, ImportRowResult } from './types.js';

/** Rows per `import_customers` request (the server refuses more). */
export const IMPORT_BATCH_ROWS = 5000;
/** Body bytes per request: under the route's 8 MiB limit, with room for the envelope. */
export const IMPORT_BATCH_BYTES = 7.5 * 1024 * 1024;

export interface ImportOptions {
  /** Label of the batch; with several batches each gets ` (i/n)`, as the merchant dashboard names them. */
  batchLabel?: string;
  /** Rows per request, 1..5000. @default 5000 */
  batchRows?: number;
  /** Told after each batch is committed. */
  onProgress?: (progress: ImportProgress) => void;
}

export interface ImportProgress {
  /** Rows sent so far, and in all. */
  done: number;
  total: number;
  /** Batches committed so far, and in all. */
  batches: number;
  totalBatches: number;
  /** Imported and failed rows so far. */
  imported: number;
  errors: number;
  /** The answer of the batch just committed. */
  batch: ImportBatchResult;
}

/** Every batch's answer, and their rows joined: `results[i].row_index` is the row's position in the input. */
export interface ImportResult {
  batches: ImportBatchResult[];
  total_rows: number;
  imported_count: number;
  error_count: number;
  results: ImportRowResult[];
  /** Columns no batch imported, sorted. */
  unknown_columns: string[];
}

const utf8 = new TextEncoder();

/** Splits `rows` into slices of at most `maxRows` rows and `maxBytes` of JSON. */
export function importSlices(rows: readonly ImportRow[], maxRows = IMPORT_BATCH_ROWS, maxBytes = IMPORT_BATCH_BYTES) {
  if (!Number.isInteger(maxRows) || maxRows < 1 || maxRows > IMPORT_BATCH_ROWS) {
    throw new RangeError(`batchRows must be an integer 1..${IMPORT_BATCH_ROWS}, got ${maxRows}`);
  }
  const slices: ImportRow[][] = [];
  let current: ImportRow[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = utf8.encode(JSON.stringify(row) ?? 'null').byteLength + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      slices.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) slices.push(current);
  return slices;
}

/** Sends each slice with `send` in order, reports progress, and joins the answers. */
export async function importInBatches(
  rows: readonly ImportRow[],
  options: ImportOptions,
  send: (body: { batch_label?: string; rows: ImportRow[] }) => Promise<ImportBatchResult>,
): Promise<ImportResult> {
  const slices = importSlices(rows, options.batchRows);
  const joined: ImportResult = {
    batches: [],
    total_rows: 0,
    imported_count: 0,
    error_count: 0,
    results: [],
    unknown_columns: [],
  };
  const unknown = new Set<string>();
  let offset = 0;
  for (const [i, slice] of slices.entries()) {
    const label =
      options.batchLabel === undefined
        ? undefined
        : slices.length === 1
          ? options.batchLabel
          : `${options.batchLabel} (${i + 1}/${slices.length})`;
    const batch = await send({ ...(label === undefined ? {} : { batch_label: label }), rows: slice });
    joined.batches.push(batch);
    joined.total_rows += batch.total_rows;
    joined.imported_count += batch.imported_count;
    joined.error_count += batch.error_count;
    for (const result of batch.results) joined.results.push({ ...result, row_index: result.row_index + offset });
    batch.unknown_columns.forEach((column) => unknown.add(column));
    offset += slice.length;
    options.onProgress?.({
      done: offset,
      total: rows.length,
      batches: i + 1,
      totalBatches: slices.length,
      imported: joined.imported_count,
      errors: joined.error_count,
      batch,
    });
  }
  joined.unknown_columns = [...unknown].sort();
  return joined;
}
