// Request and reply schemas of the developer dashboard's JSON routes (/dashboard/api/*).
import { z } from 'zod';
import { asOrigin, text } from '../../checkout/schema.ts';
import { PLAN_NAMES } from '../../platform/plans.ts';

const Instant = z.string().meta({ format: 'date-time' });

/** The signed-in developer as GET /dashboard/api/session shows them. */
export const DeveloperViewSchema = z.object({
  email: z.string(),
  plan: z.enum(PLAN_NAMES),
  plan_description: z.string(),
  monthly_limit: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Requests per month per key on the account's plan; null = unlimited" }),
  plans: z
    .array(
      z.object({
        name: z.enum(PLAN_NAMES),
        monthly_requests: z.number().int().nullable(),
        price_inr_per_month: z.number().int().nullable().meta({ description: 'Starting price; null: by agreement' }),
        description: z.string(),
      }),
    )
    .meta({ description: 'Every plan, side by side' }),
});

export const KeyViewSchema = z.object({
  id: z.number().int(),
  prefix: z.string(),
  label: z.string().nullable(),
  type: z.enum(['server', 'public']),
  plan: z.enum(PLAN_NAMES),
  allowed_origins: z.array(z.string()),
  created_at: Instant,
  revoked_at: Instant.nullable(),
  used_this_month: z.number().int(),
  monthly_limit: z.number().int().nullable(),
  quota_resets_at: Instant.meta({ description: "When this month's count starts again: the next month's start, UTC" }),
});
export type KeyView = z.infer<typeof KeyViewSchema>;

const OriginSchema = z.string().trim().max(200).transform(asOrigin);

/** Marks, embeddings, overrides and isolates that reorder the text around them: a label with one reads backwards. */
const DIRECTION_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** What takes no room on screen: spaces, format characters (zero-width ones), and the blank letters and signs. */
const INVISIBLE = /[\s\p{Cf}\u115f\u1160\u3164\uffa0\u2800]/gu;

/** A key's label as lists and pickers show it: something visible, in the direction of the text around it. */
const LabelSchema = text(100)
  .refine((s) => !DIRECTION_CONTROLS.test(s), 'must not hold characters that change the direction of text (U+202E …)')
  .refine((s) => s.replace(INVISIBLE, '') !== '', 'must show something: it holds only spaces or invisible characters');

export const CreateKeySchema = z
  .strictObject({
    type: z.enum(['server', 'public']).meta({
      description: "server: gp_sk_ key for back ends; public: gp_pub_ key for the widget's routes from allowed_origins",
    }),
    label: LabelSchema.optional(),
    allowed_origins: z
      .array(OriginSchema)
      .max(20)
      .default([])
      .meta({ description: 'Required (1..20) for a public key; not allowed for a server key' }),
  })
  .refine((k) => (k.type === 'public' ? k.allowed_origins.length > 0 : k.allowed_origins.length === 0), {
    message: 'a public key needs at least one allowed origin; a server key takes none',
    path: ['allowed_origins'],
  });

export const CreatedKeySchema = z.object({
  key: z.string().meta({ description: 'The key itself: shown this once, only its sha256 is kept' }),
  record: KeyViewSchema,
});

/** Key ids are 32-bit (PostgreSQL `integer`): a larger number names no key and is refused here, before a query could fail on it. */
const KeyIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'must be a key id')
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, 'must be a key id');

export const KeyIdParamsSchema = z.object({ id: KeyIdSchema });

export const UsageQuerySchema = z.object({
  key_id: KeyIdSchema,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM')
    .optional()
    .meta({ description: 'Default: this month (UTC)' }),
});

export const KeyRequestsSchema = z.object({
  key_id: z.number().int(),
  requests: z.array(
    z.object({
      at: Instant,
      method: z.string(),
      path: z.string().meta({ description: 'Without the query string' }),
      status: z.number().int(),
      ms: z.number(),
    }),
  ),
});

export const UsageSchema = z.object({
  key_id: z.number().int(),
  month: z.string(),
  days: z
    .array(z.object({ day: z.string(), requests: z.number().int() }))
    .meta({ description: 'Every day of the month up to today, zeros included' }),
  month_total: z.number().int(),
  monthly_limit: z.number().int().nullable(),
});
