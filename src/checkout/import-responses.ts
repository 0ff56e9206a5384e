// Response schemas of the customer import: a batch, its status with errors and warnings, the import's own answer.
import { z } from 'zod';

const Instant = z.string().meta({ format: 'date-time' });
const Nullable = z.string().nullable();

/** The document's Import batch, plus the label the merchant gave it, its warnings and its first spreadsheet row. */
export const ImportBatchSchema = z.object({
  id: z.uuid(),
  status: z.enum(['processing', 'completed', 'failed']),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  error_count: z.number().int(),
  warning_count: z.number().int().meta({ description: 'Rows imported with a warning' }),
  first_row: z.number().int().nullable().meta({ description: 'Spreadsheet row of rows[0], when the import said' }),
  source: z.string(),
  label: Nullable,
  created_at: Instant,
  completed_at: Instant.nullable(),
});

/** The document's Import row error, plus its kind and spreadsheet row. */
const RowIssueSchema = z.object({
  kind: z.enum(['error', 'warning']).meta({ description: 'error: the row was not imported; warning: it was' }),
  row_index: z.number().int().meta({ description: 'Index in the rows array, from 0' }),
  sheet_row: z.number().int().nullable().meta({ description: 'first_row + row_index: the row a spreadsheet shows' }),
  legacy_external_id: Nullable,
  error_code: z.string(),
  error_message: z.string(),
  created_at: Instant,
});

export const ImportStatusSchema = z.object({
  batch: ImportBatchSchema,
  stopped: Nullable.meta({
    description:
      'Why a failed batch has rows neither imported nor refused (the server importing it stopped), and what to do; ' +
      'null otherwise',
  }),
  errors: z.array(RowIssueSchema).max(100),
  errors_truncated: z.boolean(),
  warnings: z.array(RowIssueSchema).max(100).meta({ description: 'Rows imported with a warning, at most 100' }),
  warnings_truncated: z.boolean(),
});

export const ImportBatchesSchema = z.object({
  batches: z.array(ImportBatchSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const ImportIssuesSchema = z.object({
  batch_id: z.uuid(),
  issues: z.array(RowIssueSchema).meta({ description: 'Errors and warnings in row order (the error file)' }),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const ImportResultSchema = z.object({
  batch_id: z.uuid(),
  status: z.enum(['completed', 'failed']),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  error_count: z.number().int(),
  warning_count: z.number().int(),
  results: z.array(
    z.object({
      row_index: z.number().int(),
      success: z.boolean(),
      buyer_id: z.uuid().optional(),
      address_id: z.uuid().optional(),
      error: z.string().optional(),
      error_code: z.string().optional(),
      warnings: z.array(z.string()).optional(),
    }),
  ),
  unknown_columns: z
    .array(z.string())
    .meta({ description: 'Columns that are not import fields; their values were not imported' }),
});
