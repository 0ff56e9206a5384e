// GET /checkout-offers (the session's UTM-matched banner) and POST /checkout-offers (list, create; merchant api key).
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { SessionContext } from './address-service.ts';
import { MERCHANT_AUTH } from './admin-routes.ts';
import { OfferCreateSchema } from './admin-schema.ts';
import type { Merchant } from './merchant-repository.ts';
import { matchOffer } from './offer-match.ts';
import type { OfferRepository } from './offer-repository.ts';
import { OfferSchema } from './responses.ts';

export function offerRoutes(offers: OfferRepository, clock: Clock): RouteDef[] {
  const post = (name: string) => ({
    method: 'post' as const,
    path: '/checkout-offers',
    action: { name, in: 'body' as const },
    auth: MERCHANT_AUTH,
    tag: 'checkout-admin',
  });
  return [
    routesWith<SessionContext>()({
      method: 'get',
      path: '/checkout-offers',
      auth: 'session',
      tag: 'checkout-buyer',
      browser: true,
      response: OfferSchema.nullable(),
      summary: "The offer banner matching the session's UTM parameters and cart, or null.",
      handle: async ({ auth }) =>
        matchOffer(await offers.list(auth.session.merchant_id), auth.session, clock().toISOString()),
    }),
    routesWith<Merchant>()({
      ...post('list'),
      body: z.strictObject({ action: z.literal('list') }),
      response: z.object({ offers: z.array(OfferSchema) }),
      summary: 'Every offer, highest priority first.',
      handle: async ({ auth }) => ({ offers: await offers.list(auth.id) }),
    }),
    routesWith<Merchant>()({
      ...post('create'),
      body: OfferCreateSchema,
      response: OfferSchema,
      summary: 'Creates an offer: a title, a discount, optional UTM rules, cart minimum, priority and time window.',
      handle: ({ auth, body }) => {
        const { action: _action, ...offer } = body;
        return offers.insert(auth.id, offer);
      },
    }),
  ];
}
