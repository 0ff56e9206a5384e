// The widget snippet's ids and origins: GET /merchant/api/integration for the merchant dashboard's Integration page,
// and GET /checkout-admin?action=widget for a merchant's server or script with its api key.
import { z } from 'zod';
import { adminAction } from '../checkout/admin-routes.ts';
import type { MerchantPrincipal } from '../checkout/audit-log.ts';
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

export function integrationRoutes(keys: WidgetKeys): RouteDef[] {
  const ids = async (merchant: Merchant) => ({
    merchant_id: merchant.id,
    allowed_origins: merchant.allowed_origins,
    widget_key: await keys.ensure(merchant.id, merchant.allowed_origins),
  });
  const dashboard = routesWith<Merchant>()({
    method: 'get',
    path: '/merchant/api/integration',
    auth: 'merchant_user',
    tag: 'merchant-dashboard',
    hidden: true,
    waits: true,
    response: IntegrationSchema,
    summary: "The signed-in merchant's widget ids: merchant id, widget location key, allowed origins",
    handle: ({ auth }) => ids(auth),
  });
  const admin = routesWith<MerchantPrincipal>()({
    ...adminAction('get', 'widget'),
    waits: true,
    response: IntegrationSchema,
    summary:
      "The checkout widget snippet's ids: merchant id, its public location key (made when the first origin is " +
      'allowed; null before) and the allowed origins',
    handle: ({ auth }) => ids(auth),
  });
  return [dashboard, admin];
}
