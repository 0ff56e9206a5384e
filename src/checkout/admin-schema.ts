// zod schemas for /checkout-admin: query windows and paging, config PATCH bodies, offer creation.
import { z } from 'zod';
import { normaliseOrigin } from '../platform/api-keys.ts';
import { isPublicHost } from './public-host.ts';
import { CartValueSchema, PincodeSchema, text, UtmSchema } from './schema.ts';

/** ISO 8601 date or date-time; normalised to a full UTC timestamp so it compares with stored created_at values. */
const Instant = z.string().trim().refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 date or date-time').transform((s) => new Date(s).toISOString());

export const WindowSchema = z
  .object({ from: Instant.optional(), to: Instant.optional() })
  .transform(({ from, to }) => {
    const end = to ?? new Date().toISOString();
    return { from: from ?? new Date(Date.parse(end) - 30 * 86_400_000).toISOString(), to: end };
  })
  .refine((w) => w.from <= w.to, { message: 'from must not be after to', path: ['from'] });

export const PageSchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** https to a public host, or http to localhost in dev mode; used for webhook and courier URLs. */
export function callbackUrl(devMode: boolean) {
  return z.string().trim().max(2000).refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (devMode) return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
    return url.protocol === 'https:' && isPublicHost(url.hostname);
  }, devMode ? 'must be an https URL (http only for localhost in dev mode)' : 'must be an https URL to a public host');
}

const OriginSchema = z.string().trim().max(200).transform((value, ctx) => {
  try {
    return normaliseOrigin(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: `not an origin: ${value} (expected e.g. https://shop.example)` });
    return z.NEVER;
  }
});

export function settingsPatchSchema(devMode: boolean) {
  return z
    .strictObject({
      allowed_origins: z.array(OriginSchema).max(50).optional(),
      courier_coverage_url: callbackUrl(devMode).nullable().optional(),
    })
    .refine((b) => Object.keys(b).length > 0, 'send at least one of allowed_origins, courier_coverage_url');
}

export const CodPatchSchema = z
  .strictObject({
    enable_cod: z.boolean().optional(),
    cod_max_cart_value_paise: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
    cod_blocked_pincodes: z.array(PincodeSchema).max(20_000).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'send at least one of enable_cod, cod_max_cart_value_paise, cod_blocked_pincodes');

export function webhookPatchSchema(devMode: boolean) {
  return z
    .strictObject({
      webhook_url: callbackUrl(devMode).nullable().optional(),
      webhook_secret: z.string().min(16, 'must be at least 16 characters').max(256).nullable().optional(),
    })
    .refine((b) => Object.keys(b).length > 0, 'send at least one of webhook_url, webhook_secret');
}

export const PaymentConfigSchema = z.strictObject({
  gateway_key_id: z.string().trim().min(1).max(128).regex(/^[\w-]+$/, 'letters, digits, _ and - only'),
  gateway_secret_key: z.string().min(1).max(256),
  payment_enabled: z.boolean().default(true),
});

export const OfferCreateSchema = z
  .strictObject({
    action: z.literal('create'),
    title: text(200),
    description: text(1000, 0).nullable().default(null),
    discount_type: z.enum(['percent', 'flat']),
    discount_value: z.number().int().min(1),
    min_cart_value_paise: CartValueSchema.nullable().default(null),
    utm_rules: UtmSchema.default({}),
    priority: z.number().int().min(-1000).max(1000).default(0),
    active: z.boolean().default(true),
    starts_at: Instant.nullable().default(null),
    ends_at: Instant.nullable().default(null),
  })
  .refine((o) => o.discount_type !== 'percent' || o.discount_value <= 100, { message: 'a percent discount is at most 100', path: ['discount_value'] })
  .refine((o) => !o.starts_at || !o.ends_at || o.starts_at < o.ends_at, { message: 'starts_at must be before ends_at', path: ['ends_at'] });
