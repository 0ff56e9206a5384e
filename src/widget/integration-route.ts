// GET /merchant/api/integration: the merchant dashboard's Integration page, the widget snippet's ids and origins.
import { z } from 'zod';
import type { Merchant } from '../checkout/merchant-repository.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { WidgetKeys } from './widget-keys.ts';

const IntegrationSchema = z.object({
  merchant_id: z.string(),
  allowed_origins: z.array(z.string()),
  widget_key: z
    .string()
    .nullable()
    .meta({ description: 'The public location key of the snippet; null until an origin is allowed' }),
});

export function integrationRoute(keys: WidgetKeys): RouteDef {
  return routesWith<Merchant>()({
    method: 'get',
    path: '/merchant/api/integration',
    auth: 'merchant_user',
    tag: 'merchant-dashboard',
    hidden: true,
    waits: true,
    response: IntegrationSchema,
    summary: "The signed-in merchant's widget ids: merchant id, widget location key, allowed origins",
    handle: async ({ auth }) => ({
      merchant_id: auth.id,
      allowed_origins: auth.allowed_origins,
      widget_key: await keys.ensure(auth.id, auth.allowed_origins),
    }),
  });
}
