// GET /widget/v1/config: what the widget needs to know of a merchant before sign-in: name, payment modes, map,
// gateway.
import { z } from 'zod';
import { assertOrigin } from '../checkout/auth.ts';
import { UuidSchema } from '../checkout/schema.ts';
import type { MerchantRepository } from '../checkout/merchant-repository.ts';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { DomainError } from '../kernel/errors.ts';
import { WIDGET_BASE } from './asset-routes.ts';

/** How the widget takes an online payment: Razorpay's checkout.js, or a gateway's pay page in a frame (emulator). */
export type GatewayCheckout = { kind: 'razorpay'; script_url: string } | { kind: 'pay_page'; url: string };

const RAZORPAY_API = 'https://api.razorpay.com';
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

/** The buyer-side checkout of the gateway at `baseUrl` (GATEWAY_BASE_URL). */
export function gatewayCheckout(baseUrl: string): GatewayCheckout {
  const base = baseUrl.replace(/\/$/, '');
  return base === RAZORPAY_API ? { kind: 'razorpay', script_url: RAZORPAY_SCRIPT } : { kind: 'pay_page', url: base };
}

const ConfigSchema = z.object({
  merchant_id: z.string(),
  name: z.string(),
  payment_enabled: z.boolean().meta({ description: 'Mode B: online payment is offered' }),
  cod_enabled: z.boolean(),
  map_style_url: z.string().nullable().meta({ description: "MAP_STYLE_URL; null: the server's pincode outlines" }),
  gateway: z.union([
    z.object({ kind: z.literal('razorpay'), script_url: z.string() }),
    z.object({ kind: z.literal('pay_page'), url: z.string() }),
  ]),
});

export function configRoute(d: {
  merchants: Pick<MerchantRepository, 'byId'>;
  mapStyleUrl: string | null;
  gateway: GatewayCheckout;
}): RouteDef {
  return defineRoute({
    method: 'get',
    path: `${WIDGET_BASE}/config`,
    auth: 'public',
    tag: 'widget',
    hidden: true,
    browser: true,
    waits: true,
    query: z.object({ merchant_id: UuidSchema }),
    response: ConfigSchema,
    summary: "The checkout widget's settings for a merchant; 403 from an origin the merchant does not allow",
    handle: async ({ query, head }) => {
      const merchant = await d.merchants.byId(query.merchant_id);
      if (!merchant) throw new DomainError('not_found', 'merchant_not_found', `No merchant ${query.merchant_id}`);
      assertOrigin(head, merchant);
      return {
        merchant_id: merchant.id,
        name: merchant.name,
        payment_enabled:
          merchant.payment_enabled && merchant.gateway_key_id !== null && merchant.gateway_secret_enc !== null,
        cod_enabled: merchant.enable_cod,
        map_style_url: d.mapStyleUrl,
        gateway: d.gateway,
      };
    },
  });
}
