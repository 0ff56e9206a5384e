// The generated OpenAPI documents: GET /openapi.json (both services) and one per service, each built once on first request.
import { z } from 'zod';
import { buildOpenApi, type ApiInfo, type CookieNames } from '../http/openapi.ts';
import type { Endpoint } from '../http/pipeline.ts';
import { defineRoute, RawReply, type RouteDef } from '../http/route.ts';

const JSON_DOCUMENT = { 'content-type': 'application/json; charset=utf-8' };

interface Document {
  path: string;
  info: ApiInfo;
  /** Which endpoints the document covers. */
  covers: (endpoint: Endpoint) => boolean;
}

/** The checkout service's interface description carries its own version, as the checkout document says. */
export const CHECKOUT_API_VERSION = '1.6.0';

/** `cookies` names the dashboards' session cookies, for the routes that accept them. */
export function openApiRoutes(endpoints: () => Endpoint[], locationVersion: string, cookies?: CookieNames): RouteDef[] {
  const isCheckout = (e: Endpoint) => e.path.startsWith('/checkout-');
  const documents: Document[] = [
    {
      path: '/openapi.json',
      covers: () => true,
      info: {
        title: 'India geopin & checkout API',
        version: locationVersion,
        description: `Both services of this server: location (/v1, location api key; version ${locationVersion}) and checkout (/checkout-*, merchant key or session token; version ${CHECKOUT_API_VERSION}). Generated from the route table.`,
      },
    },
    {
      path: '/openapi/location.json',
      covers: (e) => !isCheckout(e),
      info: {
        title: 'India geopin location API',
        version: locationVersion,
        description: 'Geocoding, DIGIPIN and location lookup (/v1), with the public service and operations routes.',
      },
    },
    {
      path: '/openapi/checkout.json',
      covers: isCheckout,
      info: {
        title: 'Checkout API',
        version: CHECKOUT_API_VERSION,
        description: 'Merchant admin, buyer checkout steps, payments and offers (/checkout-*).',
      },
    },
  ];
  return documents.map((d) => {
    let text: string | null = null;
    return defineRoute({
      method: 'get',
      path: d.path,
      tag: 'service',
      auth: 'public',
      hidden: true,
      response: z.record(z.string(), z.unknown()),
      summary: `${d.info.title} as OpenAPI 3.1, generated from the route table (no key needed)`,
      handle: () =>
        new RawReply(
          (text ??= JSON.stringify(buildOpenApi(endpoints().filter(d.covers), d.info, cookies))),
          JSON_DOCUMENT,
        ),
    });
  });
}
