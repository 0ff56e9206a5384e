// The merchant dashboard's key routes: list the merchant's api keys and rotate them (signed-in users only, never a key).
import { z } from 'zod';
import type { MerchantPrincipal } from '../../checkout/audit-log.ts';
import { MAX_OVERLAP_HOURS, type MerchantKeys } from '../../checkout/merchant-keys.ts';
import { routesWith, type RouteDef } from '../../http/route.ts';

const Instant = z.string().meta({ format: 'date-time' });
const KeySchema = z.object({
  prefix: z.string(),
  created_at: Instant,
  expires_at: Instant.nullable(),
  revoked_at: Instant.nullable(),
  state: z.enum(['active', 'expiring', 'expired', 'revoked']),
});
const KeysSchema = z.object({ merchant_id: z.uuid(), keys: z.array(KeySchema) });

const RotateSchema = z.strictObject({
  overlap_hours: z
    .number()
    .min(0)
    .max(MAX_OVERLAP_HOURS)
    .default(24)
    .meta({ description: `How long the old keys keep working, 0..${MAX_OVERLAP_HOURS} hours (default 24)` }),
});

/**
 * Only a signed-in user may rotate: an api key that leaked must not be able to replace itself and lock the shop out.
 * Hidden from /openapi.json like every dashboard route.
 */
export function merchantKeyRoutes(keys: MerchantKeys): RouteDef[] {
  const route = routesWith<MerchantPrincipal>();
  const common = { auth: 'merchant_user' as const, tag: 'merchant-dashboard', hidden: true };
  return [
    route({
      ...common,
      method: 'get',
      path: '/merchant/api/keys',
      response: KeysSchema,
      summary: "The merchant's api keys, newest first, with their state (the key itself is never shown again).",
      handle: async ({ auth }) => ({ merchant_id: auth.id, keys: await keys.list(auth.id) }),
    }),
    route({
      ...common,
      method: 'post',
      path: '/merchant/api/keys/rotate',
      body: RotateSchema,
      response: z.object({
        api_key: z.string().meta({ description: 'The new key: shown this once' }),
        prefix: z.string(),
        overlap_hours: z.number(),
        keys: z.array(KeySchema),
      }),
      summary: 'Issues a new api key; the live ones keep working for overlap_hours. Recorded in the audit log.',
      handle: ({ auth, body }) => keys.rotate(auth, body.overlap_hours),
    }),
  ];
}
