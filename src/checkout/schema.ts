// Request schemas of the buyer endpoints (/checkout-email-otp, -funnel-events, -addresses, -payment) and shared field rules.
import { z } from 'zod';
import { normaliseOrigin } from '../kernel/origin.ts';
import { BuyerPhoneSchema } from './phone.ts';

/** Lower-cased, trimmed email, by the rule of the widget's `<input type=email>` (HTML's valid email address). */
export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ pattern: z.regexes.html5Email, message: 'not a valid email address' }))
  .meta({ format: 'email' });
/** E.164: "+" then 8 to 15 digits, no leading zero. */
export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'must be E.164, e.g. +919876543210');
export const PincodeSchema = z.string().regex(/^[0-9]{6}$/, 'must be 6 digits');
/** A UUID in either case (RFC 9562: case-insensitive on input), as the lower case the server hands out and stores. */
export const UuidSchema = z.uuid({ message: 'must be a UUID' }).transform((id) => id.toLowerCase());

/**
 * C0 controls except tab, LF and CR, and DEL: no person types them, and NUL breaks C-string and PostgreSQL consumers of
 * our webhooks. With them the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 * would reorder how an address reads in the dashboard, an export or the merchant's own systems (joiners stay: Indic
 * scripts need them).
 */
const CONTROL = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f\\u202a-\\u202e\\u2066-\\u2069';
const CONTROL_CHARS = new RegExp(`[${CONTROL}]`);
/** What String.prototype.trim removes, spelled out so the documented pattern means the same in every regex dialect. */
const BLANK = '\\t\\n\\u000b\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** No control character anywhere, and (for required text) one that is neither blank nor control: the document's version of the checks below. */
const TEXT_PATTERN = `^[^${CONTROL}]*$`;
const REQUIRED_TEXT_PATTERN = `^[^${CONTROL}]*[^${CONTROL}${BLANK}][^${CONTROL}]*$`;

/**
 * Free text that is stored and sent on (addresses, offers, UTM, import rows): at most `max` characters as sent, trimmed,
 * at least `min` after trimming, no control characters.
 */
export const text = (max: number, min = 1) =>
  z
    .string()
    .max(max)
    .trim()
    .min(min)
    .refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters or text direction overrides')
    .meta({ pattern: min > 0 ? REQUIRED_TEXT_PATTERN : TEXT_PATTERN });

/** UTM parameters; keys other than the five are ignored (links carry all kinds of parameters). */
export const UtmSchema = z.object({
  utm_source: text(200).optional(),
  utm_medium: text(200).optional(),
  utm_campaign: text(200).optional(),
  utm_term: text(200).optional(),
  utm_content: text(200).optional(),
});

/** Cart value in paise: a whole number, at most ₹1 crore. */
export const CartValueSchema = z.number().int().min(0).max(1_000_000_000);

export const OtpSendSchema = z.strictObject({ action: z.literal('send'), email: EmailSchema, merchant_id: UuidSchema });
export const OtpVerifySchema = z.strictObject({
  action: z.literal('verify'),
  email: EmailSchema,
  merchant_id: UuidSchema,
  /** Any non-empty text: a code that is not the 6 digits sent is simply wrong (401), as the document types it. */
  code: z.string().min(1).max(64),
  utm: UtmSchema.optional().meta({ description: 'Recorded on the session; offers match on it' }),
  cart_value_paise: CartValueSchema.optional().meta({
    description: "The widget's cart value (display and COD rules; orders use the merchant-set value)",
  }),
});

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export const PLATFORMS = ['web', 'ios', 'android'] as const;
/** Event types and steps are the merchant's vocabulary (the README lists the ones the funnel report knows). */
const FunnelName = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'lower-case letters, digits and _ . : - (1..64, starting with a letter)');

export const FunnelEventSchema = z.strictObject({
  merchant_id: UuidSchema,
  event_type: FunnelName,
  step: FunnelName.optional(),
  device_type: z.enum(DEVICE_TYPES).optional(),
  platform: z.enum(PLATFORMS).optional(),
  session_id: UuidSchema.optional().meta({
    description: 'The checkout session, when known: the funnel then counts sessions',
  }),
  utm: UtmSchema.optional().meta({
    description: 'UTM parameters of the page the checkout opened on; utm_source, utm_medium and utm_campaign are kept',
  }),
});
export type FunnelEvent = z.infer<typeof FunnelEventSchema>;

/** A buyer-entered address; the import document's field names. District and state are filled from the pincode when left out. */
export const AddressInputSchema = z.strictObject({
  name: text(200).nullable().optional(),
  phone: BuyerPhoneSchema.nullable().optional(),
  flat_number: text(100).nullable().optional(),
  building_name: text(200).nullable().optional(),
  street_name: text(300).nullable().optional(),
  locality: text(200).nullable().optional(),
  landmark: text(200).nullable().optional(),
  city: text(100).nullable().optional(),
  district: text(100).nullable().optional(),
  state: text(100).nullable().optional(),
  pincode: PincodeSchema,
  label: text(50).nullable().optional().meta({ description: 'e.g. home, office' }),
  country: z.literal('IN').optional(),
  latitude: z.number().min(-90).max(90).optional().meta({
    description: 'The point the buyer confirmed on the map, with longitude: stored with its geopin, sent in webhooks',
  }),
  longitude: z.number().min(-180).max(180).optional().meta({ description: 'With latitude' }),
});
export type AddressInput = z.infer<typeof AddressInputSchema>;

const AddressId = UuidSchema;

export const AddressActionSchemas = {
  list: z.strictObject({ action: z.literal('list') }),
  create: z.strictObject({
    action: z.literal('create'),
    address: AddressInputSchema,
    is_default: z.boolean().optional(),
  }),
  update: z.strictObject({ action: z.literal('update'), address_id: AddressId, address: AddressInputSchema.partial() }),
  delete: z.strictObject({ action: z.literal('delete'), address_id: AddressId }),
  set_default: z.strictObject({ action: z.literal('set_default'), address_id: AddressId }),
  address_completed: z.strictObject({
    action: z.literal('address_completed'),
    address_id: AddressId.optional().meta({ description: "Default: the buyer's default address" }),
  }),
  cod_eligibility: z.strictObject({
    action: z.literal('cod_eligibility'),
    address_id: AddressId.optional(),
    pincode: PincodeSchema.optional(),
    amount_paise: CartValueSchema.optional().meta({
      description:
        'The amount due, as on create_order and record_cod: the merchant-set cart value wins when set (a different amount is 409)',
    }),
    cart_value_paise: CartValueSchema.optional().meta({ description: 'Older name of amount_paise' }),
  }),
  abandon: z.strictObject({ action: z.literal('abandon') }),
  session_status: z.strictObject({ action: z.literal('session_status') }),
  update_session: z.strictObject({
    action: z.literal('update_session'),
    cart_value_paise: CartValueSchema.nullable().optional(),
    utm: UtmSchema.optional(),
  }),
  serviceability_check: z.strictObject({
    action: z.literal('serviceability_check'),
    pincode: PincodeSchema,
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  }),
};

/** A browser origin as stored and compared (normaliseOrigin), or the issue saying why the text is none: a transform. */
export function asOrigin(value: string, ctx: z.RefinementCtx): string {
  try {
    return normaliseOrigin(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : `not an origin: ${value}` });
    return z.NEVER;
  }
}
