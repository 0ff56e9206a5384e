// The customer import request and one row, validated row by row so a bad row never rejects the batch.
import { z } from 'zod';
import { EmailSchema, PhoneSchema, PincodeSchema, text } from './schema.ts';

/** Most rows per request; documented, and exactly this many is accepted. */
export const MAX_IMPORT_ROWS = 5000;

/** The request envelope; rows are checked individually by ImportCustomerRowSchema. */
export const ImportRequestSchema = z.strictObject({
  batch_label: text(200).optional(),
  rows: z.array(z.unknown()).min(1, 'rows must contain at least one row'),
});

/** One legacy customer; extra columns are ignored. At least one of email and phone; an address needs line1, city and pincode. */
export const ImportCustomerRowSchema = z
  .object({
    legacy_external_id: text(128).optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.optional(),
    name: text(200).optional(),
    address_line1: text(300).optional(),
    address_line2: text(300).optional(),
    landmark: text(200).optional(),
    city: text(100).optional(),
    state: text(100).optional(),
    pincode: PincodeSchema.optional(),
    country: z.literal('IN').optional(),
  })
  .refine((r) => r.email !== undefined || r.phone !== undefined, { message: 'a row needs an email or a phone', path: ['contact'] })
  .refine(
    (r) => [r.address_line1, r.city, r.pincode].every((v) => v !== undefined) || [r.address_line1, r.address_line2, r.city, r.pincode].every((v) => v === undefined),
    { message: 'an address needs address_line1, city and pincode', path: ['address'] },
  );
export type ImportCustomerRow = z.infer<typeof ImportCustomerRowSchema>;

/** Row error codes by the field that failed. */
const CODE_BY_FIELD: Record<string, string> = {
  email: 'invalid_email',
  phone: 'invalid_phone',
  pincode: 'invalid_pincode',
  legacy_external_id: 'invalid_legacy_external_id',
  contact: 'missing_contact',
  address: 'incomplete_address',
};

/** Turns a row's first zod issue into {error_code, error_message}. */
export function rowError(error: z.ZodError): { error_code: string; error_message: string } {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? '');
  if (!field) return { error_code: 'invalid_row', error_message: 'row must be an object' };
  return { error_code: CODE_BY_FIELD[field] ?? 'invalid_field', error_message: `${field}: ${issue?.message ?? 'invalid'}` };
}
