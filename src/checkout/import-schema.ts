// The customer import request and one row (the document's ImportCustomerRow), checked row by row so a bad row never rejects the batch.
import { z } from 'zod';
import { EmailSchema, PhoneSchema, PincodeSchema, text } from './schema.ts';

/** Most rows per request; documented, and exactly this many is accepted. */
export const MAX_IMPORT_ROWS = 5000;
/** Row errors import_status returns; errors_truncated says when there are more. */
export const MAX_REPORTED_ERRORS = 100;

/** The request envelope; rows are checked individually by ImportRowSchema. */
export const ImportRequestSchema = z.strictObject({
  batch_label: text(200).optional(),
  first_row: z
    .number()
    .int()
    .min(1)
    .max(100_000_000)
    .optional()
    .meta({
      description:
        'The spreadsheet row number of rows[0] (2 under a header row; 5002 for the second 5,000-row part): errors and ' +
        'warnings then carry sheet_row, the row a spreadsheet shows',
    }),
  rows: z
    .array(z.unknown())
    .min(1, 'rows must contain at least one row')
    .max(MAX_IMPORT_ROWS, `at most ${MAX_IMPORT_ROWS} rows per request`),
});

/** A missing value: absent, null, or an empty string (as CSV exports write it). */
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
/** true/false, or the text forms spreadsheets write (true, false, yes, no, y, n, 1, 0), in any case. */
const Flag = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v === 1 ? true : v === 0 ? false : v;
    const t = v.trim().toLowerCase();
    return ['true', 'yes', 'y', '1'].includes(t) ? true : ['false', 'no', 'n', '0'].includes(t) ? false : v;
  },
  z.boolean({ message: 'must be yes or no (true/false, y/n and 1/0 are taken too)' }),
);

/** The document's fields (none required) plus name, city and landmark, which the address book also keeps. */
export const ImportRowSchema = z.object({
  legacy_customer_id: optional(text(128)),
  legacy_address_id: optional(text(128)),
  email: optional(EmailSchema),
  phone_e164: optional(PhoneSchema),
  name: optional(text(200)),
  flat_number: optional(text(100)),
  building_name: optional(text(200)),
  street_name: optional(text(300)),
  locality: optional(text(200)),
  landmark: optional(text(200)),
  city: optional(text(100)),
  district: optional(text(100)),
  state: optional(text(100)),
  pincode: optional(PincodeSchema),
  label: optional(text(50)),
  is_default: optional(Flag),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const IMPORT_COLUMNS = Object.keys(ImportRowSchema.shape) as Array<keyof ImportRow>;
/** Columns that make up an address; a row with any of them imports one. */
export const ADDRESS_COLUMNS = [
  'legacy_address_id',
  'flat_number',
  'building_name',
  'street_name',
  'locality',
  'landmark',
  'city',
  'district',
  'state',
  'pincode',
  'label',
] as const;

/** Row error codes by the field that failed. */
const CODE_BY_FIELD: Record<string, string> = {
  email: 'invalid_email',
  phone_e164: 'invalid_phone',
  pincode: 'invalid_pincode',
  is_default: 'invalid_is_default',
};

/** Turns a row's first zod issue into {error_code, error_message}. */
export function rowError(error: z.ZodError): { error_code: string; error_message: string } {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  if (!field) return { error_code: 'invalid_row', error_message: 'row must be an object' };
  return {
    error_code: CODE_BY_FIELD[field] ?? 'invalid_field',
    error_message: `${field}: ${issue?.message ?? 'invalid'}`,
  };
}
