// zod schemas and enums for the buyer endpoints (/checkout-email-otp, -funnel-events, -addresses, -offers).
import { z } from 'zod';

/** Lower-cased, trimmed email. */
export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'not a valid email address' }));
/** E.164: "+" then 8 to 15 digits, no leading zero. */
export const PhoneSchema = z.string().trim().regex(/^\+[1-9]\d{7,14}$/, 'must be E.164, e.g. +919876543210');
export const PincodeSchema = z.string().regex(/^[0-9]{6}$/, 'must be 6 digits');
export const MerchantIdSchema = z.string().min(1).max(64);

/** C0 controls except tab, LF and CR, and DEL: no person types them, and NUL breaks C-string and PostgreSQL consumers of our webhooks. */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text that is stored and sent on (addresses, offers, UTM, import rows): trimmed, bounded, no control characters. */
export const text = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters');

export const UtmSchema = z.strictObject({
  utm_source: text(200).optional(),
  utm_medium: text(200).optional(),
  utm_campaign: text(200).optional(),
  utm_term: text(200).optional(),
  utm_content: text(200).optional(),
});

/** Cart value in paise: a whole number, at most ₹1 crore. */
export const CartValueSchema = z.number().int().min(0).max(1_000_000_000);

export const OtpRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('send'), email: EmailSchema, merchant_id: MerchantIdSchema }),
  z.strictObject({
    action: z.literal('verify'),
    email: EmailSchema,
    merchant_id: MerchantIdSchema,
    code: z.string().regex(/^[0-9]{6}$/, 'must be 6 digits'),
    /** Optional: recorded on the session (offers match on it). */
    utm: UtmSchema.optional(),
    cart_value_paise: CartValueSchema.optional(),
  }),
]);
export type OtpRequest = z.infer<typeof OtpRequestSchema>;

/** Funnel vocabulary; the README lists the same values. */
export const FUNNEL_EVENT_TYPES = [
  'checkout_opened', 'email_entered', 'otp_sent', 'otp_verified', 'address_entered', 'address_selected',
  'payment_selected', 'order_placed', 'checkout_abandoned',
] as const;
export const FUNNEL_STEPS = ['email', 'otp', 'address', 'payment', 'confirmation'] as const;
export const DEVICE_TYPES = ['mobile', 'desktop', 'tablet', 'unknown'] as const;
export const PLATFORMS = ['web', 'android', 'ios', 'shopify', 'woocommerce', 'custom'] as const;

export const FunnelEventSchema = z.strictObject({
  merchant_id: MerchantIdSchema,
  event_type: z.enum(FUNNEL_EVENT_TYPES),
  step: z.enum(FUNNEL_STEPS),
  device_type: z.enum(DEVICE_TYPES),
  platform: z.enum(PLATFORMS),
  /** Optional: lets the funnel count distinct sessions. */
  session_id: text(64).optional(),
});
export type FunnelEvent = z.infer<typeof FunnelEventSchema>;

export const AddressFieldsSchema = z.strictObject({
  name: text(200).nullable().optional(),
  phone: PhoneSchema.nullable().optional(),
  line1: text(300),
  line2: text(300).nullable().optional(),
  landmark: text(200).nullable().optional(),
  city: text(100),
  state: text(100).nullable().optional(),
  pincode: PincodeSchema,
  country: z.literal('IN').default('IN'),
});
export type AddressInput = z.infer<typeof AddressFieldsSchema>;

const AddressId = z.string().min(1).max(64);

export const AddressActionSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('list') }),
  z.strictObject({ action: z.literal('create'), address: AddressFieldsSchema, is_default: z.boolean().optional() }),
  z.strictObject({ action: z.literal('update'), address_id: AddressId, address: AddressFieldsSchema.partial() }),
  z.strictObject({ action: z.literal('delete'), address_id: AddressId }),
  z.strictObject({ action: z.literal('set_default'), address_id: AddressId }),
  z.strictObject({ action: z.literal('address_completed'), address_id: AddressId }),
  z.strictObject({ action: z.literal('cod_eligibility'), address_id: AddressId.optional(), pincode: PincodeSchema.optional(), cart_value_paise: CartValueSchema.optional() }),
  z.strictObject({ action: z.literal('abandon') }),
  z.strictObject({ action: z.literal('update_session'), cart_value_paise: CartValueSchema.nullable().optional(), utm: UtmSchema.optional() }),
  z.strictObject({
    action: z.literal('serviceability_check'),
    pincode: PincodeSchema,
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
  }),
]);
export type AddressAction = z.infer<typeof AddressActionSchema>;
export const ADDRESS_ACTIONS = AddressActionSchema.options.map((o) => o.shape.action.value);
