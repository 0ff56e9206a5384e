// The checkout widget feature: its files, its per-merchant settings, each merchant's widget location key, the
// Integration page's data (the key's origins follow the merchant's allowed origins), and in development a demo page.
import type { MerchantRepository } from '../checkout/merchant-repository.ts';
import type { OriginsChanged } from '../checkout/ports.ts';
import type { Sql } from '../db/sql.ts';
import type { RouteDef } from '../http/route.ts';
import type { Clock } from '../kernel/clock.ts';
import type { ApiKeyRepository } from '../platform/api-keys.ts';
import type { PlanName } from '../platform/plans.ts';
import { widgetAssetRoutes } from './asset-routes.ts';
import { configRoute, gatewayCheckout } from './config-route.ts';
import { integrationRoutes } from './integration-route.ts';
import { tryPageRoute } from './try-page.ts';
import { WidgetKeys } from './widget-keys.ts';

export interface WidgetDeps {
  sql: Sql;
  clock: Clock;
  /** Location api keys (the platform feature's repository). */
  keys: Pick<ApiKeyRepository, 'create' | 'setOrigins' | 'revoke'>;
  /** Read lazily: checkout is built after the widget, since it reports origin changes here. */
  merchants: () => Pick<MerchantRepository, 'byId'>;
  keyPlan: PlanName;
  mapStyleUrl: string | null;
  gatewayBaseUrl: string;
  /** Development: also the demo store page /widget/try. */
  devMode: boolean;
}

export interface Widget {
  routes: RouteDef[];
  keys: WidgetKeys;
  originsChanged: OriginsChanged;
}

export function createWidget(d: WidgetDeps): Widget {
  const keys = new WidgetKeys({ sql: d.sql, keys: d.keys, plan: d.keyPlan, clock: d.clock });
  const routes = [
    ...widgetAssetRoutes(),
    configRoute({
      merchants: { byId: (id) => d.merchants().byId(id) },
      mapStyleUrl: d.mapStyleUrl,
      gateway: gatewayCheckout(d.gatewayBaseUrl),
    }),
    ...integrationRoutes(keys),
    ...(d.devMode ? [tryPageRoute({ gatewayUrl: d.gatewayBaseUrl, mapStyleUrl: d.mapStyleUrl })] : []),
  ];
  return { routes, keys, originsChanged: (merchantId, origins) => keys.originsChanged(merchantId, origins) };
}
