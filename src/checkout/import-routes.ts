// The import actions of /checkout-admin: send rows, read a batch, list batches, page a batch's errors and warnings.
import { routesWith, type RouteDef } from '../http/route.ts';
import { adminAction } from './admin-routes.ts';
import { ImportStatusQuerySchema, PageSchema } from './admin-schema.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import type { ImportAdmin } from './import-admin.ts';
import { ImportBatchesSchema, ImportIssuesSchema, ImportResultSchema, ImportStatusSchema } from './import-responses.ts';
import { ImportRequestSchema, MAX_REPORTED_ERRORS } from './import-schema.ts';
import { UuidSchema } from './schema.ts';

/** 5000 rows of a few hundred bytes fit comfortably; read only after the key was checked. */
const IMPORT_MAX_BODY_BYTES = 8 << 20;

export function importRoutes(imports: ImportAdmin): RouteDef[] {
  const route = routesWith<MerchantPrincipal>();
  return [
    route({
      ...adminAction('post', 'import_customers'),
      body: ImportRequestSchema,
      response: ImportResultSchema,
      maxBodyBytes: IMPORT_MAX_BODY_BYTES,
      waits: true,
      examples: {
        body: {
          batch_label: 'shopify-export-2026-11',
          first_row: 2,
          rows: [
            {
              legacy_customer_id: 'C1001',
              legacy_address_id: 'A2001',
              email: 'asha@example.in',
              phone_e164: '+919812345601',
              name: 'Asha Rao',
              flat_number: '12',
              building_name: 'Lake View Apartments',
              street_name: '100 Feet Road',
              locality: 'Indiranagar',
              city: 'Bengaluru',
              pincode: '560038',
              label: 'home',
              is_default: true,
            },
            { legacy_customer_id: 'C1002', email: 'ravi@example.in', street_name: 'Church Street', pincode: '560001' },
          ],
        },
      },
      summary:
        'Imports 1..5000 customer rows (buyers and addresses); each row succeeds or fails on its own. A pincode not ' +
        'in the India Post directory fails its row; an address that points to another pincode is a warning.',
      handle: ({ auth, body }) => imports.run(auth, body.batch_label ?? null, body.rows, body.first_row ?? null),
    }),
    route({
      ...adminAction('get', 'import_status'),
      query: ImportStatusQuerySchema,
      response: ImportStatusSchema,
      errors: { 404: 'No import batch with this id' },
      summary:
        `An import batch with up to ${MAX_REPORTED_ERRORS} row errors (errors_truncated when there are more) and ` +
        `as many warnings.`,
      handle: ({ auth, query }) => imports.status(auth, query.batch_id),
    }),
    route({
      ...adminAction('get', 'import_batches'),
      query: PageSchema,
      response: ImportBatchesSchema,
      summary: "The merchant's import batches, newest first.",
      handle: ({ auth, query }) => imports.batches(auth, query),
    }),
    route({
      ...adminAction('get', 'import_errors'),
      query: PageSchema.extend({ batch_id: UuidSchema.meta({ description: 'Required for import_errors' }) }),
      response: ImportIssuesSchema,
      errors: { 404: 'No import batch with this id' },
      summary: "Every error and warning of a batch in row order, a page at a time (the dashboard's error file).",
      handle: ({ auth, query }) => imports.issues(auth, query.batch_id, query),
    }),
  ];
}
