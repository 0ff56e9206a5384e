// Request schemas of /checkout-admin and POST /checkout-offers: windows and paging, config PATCH bodies, offers, carts.
import { z } from 'zod';
import { documentAs } from '../http/openapi.ts';
import { checkUrl, type EgressError, type EgressPolicy } from '../net/egress-policy.ts';
import { asOrigin, CartValueSchema, PincodeSchema, text, UtmSchema, UuidSchema } from './schema.ts';
import { SESSION_STATUSES } from './session-states.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** True when the date part names a day of the calendar: Date.parse takes 2026-02-30 as 2 March. */
function onCalendar(s: string): boolean {
  const [year, month, day] = s.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

/** ISO 8601 date or date-time, normalised to UTC text; a date alone means that day's start (`from`) or its end (`to`). */
function instant(edge: 'start' | 'end') {
  return z
    .string()
    .trim()
    .refine(
      (s) => INSTANT.test(s) && onCalendar(s) && !Number.isNaN(Date.parse(s)),
      'must be an ISO 8601 date or date-time, e.g. 2026-11-23 or 2026-11-23T10:00:00Z',
    )
    .transform((s) =>
      (DATE_ONLY.test(s) && edge === 'end' ? new Date(Date.parse(s) + 86_400_000 - 1) : new Date(s)).toISOString(),
    )
    .meta({
      anyOf: [
        { type: 'string', format: 'date' },
        { type: 'string', format: 'date-time' },
      ],
    });
}

/** A whole number in the query string, documented as the integer it is. */
const QueryInt = (min: number, max: number, fallback: number, description: string) =>
  documentAs(
    z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .default(fallback),
    { type: 'integer', minimum: min, maximum: max, default: fallback, description },
  );

/** limit 1..200 (default 50) and offset 0..1,000,000 (default 0), as the document's listings take them. */
export const PageSchema = z.object({
  limit: QueryInt(1, 200, 50, 'Page size, 1..200 (default 50)'),
  offset: QueryInt(0, 1_000_000, 0, 'Rows to skip (default 0)'),
});

const windowFields = {
  from: instant('start')
    .optional()
    .meta({ description: 'Start (ISO 8601 date or date-time; a date means 00:00 UTC). Default: 30 days before `to`' }),
  to: instant('end').optional().meta({ description: 'End, inclusive (a date means the whole day, UTC). Default: now' }),
};

/** Fills the default window: the 30 days up to now. */
function withDefaults<T extends { from?: string; to?: string }>(
  q: T,
  now: () => Date,
): T & { from: string; to: string } {
  const to = q.to ?? now().toISOString();
  return { ...q, from: q.from ?? new Date(Date.parse(to) - 30 * 86_400_000).toISOString(), to };
}

const ordered = { message: 'from must not be after to', path: ['from'] };

/** from/to of the reports. */
export function windowSchema(now: () => Date) {
  return z
    .object(windowFields)
    .transform((q) => withDefaults(q, now))
    .refine((w) => w.from <= w.to, ordered);
}

/** The sessions listing: its window and page, narrowed by a search and filters. */
export function sessionsQuerySchema(now: () => Date) {
  return z
    .object({
      ...windowFields,
      ...PageSchema.shape,
      q: text(200)
        .optional()
        .meta({
          description:
            'The start of an email, a 6-digit pincode of the chosen address, a session id (8+ characters of it), ' +
            "a gateway order or payment id (order_…, pay_…, as written), a buyer's phone (98300 12345, +91 …), " +
            'or the start of the name or surname an order ships to (2+ letters, any case, apostrophes aside: dsouza)',
        }),
      status: z.enum(SESSION_STATUSES).optional().meta({ description: 'Only sessions in this state' }),
      payment_method: z
        .enum(['gateway', 'cod', 'none'])
        .optional()
        .meta({ description: 'Paid through the gateway, cash on delivery, or with no payment recorded' }),
      refund_due: z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => v === 'true')
        .meta({ description: 'true: only sessions with a refund due (a payment taken that completed nothing)' }),
    })
    .transform((q) => withDefaults(q, now))
    .refine((w) => w.from <= w.to, ordered);
}

export const SessionIdQuerySchema = z.object({
  session_id: UuidSchema.meta({ description: 'Required for action=session' }),
});

export const ImportStatusQuerySchema = z.object({
  batch_id: UuidSchema.meta({ description: 'Required for import_status' }),
});

/** True when `s` holds a C0 control or DEL, tab and newline included: none belongs in a URL. */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * A webhook or courier URL the egress policy allows (https, allowed port, public host; loopback in dev mode); each
 * call re-checks it, DNS included. Stored as the server reads and calls it: "https://a.example\@10.0.0.1/" is
 * https://a.example/@10.0.0.1/.
 */
export function callbackUrl(policy: EgressPolicy) {
  return z
    .string()
    .trim()
    .max(2000)
    .superRefine((value, ctx) => {
      // The URL parser would drop a tab or newline and escape the rest; the URL stored is the one sent.
      if (hasControl(value)) {
        ctx.addIssue({ code: 'custom', message: 'must not contain control characters' });
        return;
      }
      const refused = checkUrl(value, policy);
      if (refused)
        ctx.addIssue({ code: 'custom', message: `${URL_REFUSALS[refused] ?? 'is not allowed'} (${refused})` });
    })
    .transform((value) => new URL(value).href)
    .meta({ format: 'uri' });
}

const URL_REFUSALS: Partial<Record<EgressError, string>> = {
  bad_url: 'must be an absolute http(s) URL without credentials',
  blocked_scheme: 'must be https',
  blocked_port: 'must use an allowed port (443 unless EGRESS_ALLOWED_PORTS says more)',
  blocked_address: 'must name a public host, not a local, private or reserved address',
};

/** An http(s) origin as the server's URL parser takes one: scheme, host, optional port and trailing slash (documented as a pattern). */
const ORIGIN_PATTERN =
  '^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?/?$';

const OriginSchema = z.string().max(200).meta({ pattern: ORIGIN_PATTERN }).transform(asOrigin);

export function settingsPatchSchema(egress: EgressPolicy) {
  return z.strictObject({
    allowed_origins: z
      .array(OriginSchema)
      .max(50)
      // "https://Shop.example/" and "https://shop.example" are one origin once written the server's way.
      .transform((origins) => [...new Set(origins)])
      .optional()
      .meta({ description: 'Browser origins allowed to call the buyer endpoints' }),
    courier_coverage_url: callbackUrl(egress)
      .nullable()
      .optional()
      .meta({ description: 'Serviceability endpoint (null removes it)' }),
    payment_enabled: z
      .boolean()
      .optional()
      .meta({
        description:
          'Online payment on or off with the gateway keys already stored, without sending the secret again (in a ' +
          'gateway outage); true needs both keys (409 payment_keys_required)',
      }),
  });
}

export const CodPatchSchema = z.strictObject({
  enable_cod: z.boolean().optional(),
  cod_max_cart_value_paise: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  cod_blocked_pincodes: z.array(PincodeSchema).max(20_000).optional(),
});

export function webhookPatchSchema(egress: EgressPolicy) {
  return z.strictObject({
    webhook_url: callbackUrl(egress)
      .nullable()
      .optional()
      .meta({ description: 'HTTPS endpoint receiving checkout events (null removes it)' }),
    webhook_secret: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(256)
      .nullable()
      .optional()
      .meta({ description: 'HMAC secret for the signature headers (16..256 characters; null removes it)' }),
  });
}

export const PaymentConfigSchema = z.strictObject({
  gateway_key_id: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
  gateway_secret_key: z.string().min(1).max(256),
  payment_enabled: z
    .boolean()
    .default(true)
    .meta({ description: 'Mode B (session.completed is sent) when true; default true' }),
});

export const SessionCartSchema = z.strictObject({
  session_id: UuidSchema,
  cart_value_paise: CartValueSchema.meta({ description: 'The order total; create_order charges exactly this' }),
});

export const RedeliverSchema = z.strictObject({ delivery_id: UuidSchema });

/** The fields of an offer as create and update take them (update: any of them, the offer's id besides). */
const offerFields = {
  title: text(200),
  description: text(1000, 0).nullable(),
  discount_type: z.enum(['percent', 'flat']),
  discount_value: z
    .number()
    .int()
    .min(1)
    .max(1_000_000_000)
    .meta({ description: 'Percent (1..99) or paise; a cart the discount would take whole does not get the offer' }),
  min_cart_value_paise: CartValueSchema.nullable(),
  // Strict, unlike a buyer's UTM: a misspelt rule key would silently widen the offer to every session.
  utm_rules: z.strictObject(UtmSchema.shape),
  priority: z.number().int().min(-1000).max(1000),
  active: z.boolean().meta({ description: 'false switches the offer off (it is kept and can be switched on again)' }),
  starts_at: instant('start').nullable().meta({ description: 'Shown from this time on (null: from now)' }),
  ends_at: instant('end').nullable().meta({ description: 'Shown until this time (null: until switched off)' }),
};

/** The largest percent discount: 100% would leave nothing to pay, and a payment cannot be ₹0. */
const PERCENT_MAX = 99;
export const PERCENT_TOO_HIGH = `a percent discount is at most ${PERCENT_MAX} (100% would leave nothing to pay)`;

/** What every offer must satisfy, as created or after an update. */
export const offerRules = {
  percent: (o: { discount_type: string; discount_value: number }) =>
    o.discount_type !== 'percent' || o.discount_value <= PERCENT_MAX,
  window: (o: { starts_at: string | null; ends_at: string | null }) =>
    !o.starts_at || !o.ends_at || o.starts_at < o.ends_at,
};

export const OfferUpdateSchema = z
  .strictObject({ action: z.literal('update'), offer_id: UuidSchema })
  .extend(z.object(offerFields).partial().shape);

export const OfferCreateSchema = z
  .strictObject({
    action: z.literal('create'),
    ...offerFields,
    description: offerFields.description.default(null),
    min_cart_value_paise: offerFields.min_cart_value_paise.default(null),
    utm_rules: offerFields.utm_rules.default({}),
    priority: offerFields.priority.default(0),
    active: offerFields.active.default(true),
    starts_at: offerFields.starts_at.default(null),
    ends_at: offerFields.ends_at.default(null),
  })
  .meta({
    if: { properties: { discount_type: { const: 'percent' } } },
    then: { properties: { discount_value: { maximum: PERCENT_MAX } } },
  })
  .refine(offerRules.percent, { message: PERCENT_TOO_HIGH, path: ['discount_value'] })
  .refine(offerRules.window, { message: 'starts_at must be before ends_at', path: ['ends_at'] });
