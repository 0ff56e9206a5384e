// GET /checkout-offers (the session's UTM-matched banner); POST /checkout-offers (list, create, update; merchant key).
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { SessionContext } from './address-service.ts';
import { MERCHANT_AUTH } from './admin-routes.ts';
import { OfferCreateSchema, OfferUpdateSchema } from './admin-schema.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import type { OfferAdmin } from './offer-admin.ts';
import { matchOffer } from './offer-match.ts';
import type { OfferRepository } from './offer-repository.ts';
import { OfferSchema } from './responses.ts';

export interface OfferRouteDeps {
  offers: OfferRepository;
  admin: OfferAdmin;
  clock: Clock;
}

export function offerRoutes({ offers, admin, clock }: OfferRouteDeps): RouteDef[] {
  const post = (name: string) => ({
    method: 'post' as const,
    path: '/checkout-offers',
    action: { name, in: 'body' as const },
    auth: MERCHANT_AUTH,
    tag: 'checkout-admin',
  });
  const route = routesWith<MerchantPrincipal>();
  return [
    routesWith<SessionContext>()({
      method: 'get',
      path: '/checkout-offers',
      auth: 'session',
      tag: 'checkout-buyer',
      browser: true,
      response: OfferSchema.nullable(),
      summary: "The offer banner matching the session's UTM parameters and cart, or null.",
      handle: async ({ auth }) => {
        const now = clock().toISOString();
        const live = await offers.live(auth.session.merchant_id, auth.session.cart_value_paise ?? 0, now);
        return matchOffer(live, auth.session, now);
      },
    }),
    route({
      ...post('list'),
      body: z.strictObject({ action: z.literal('list') }),
      response: z.object({ offers: z.array(OfferSchema) }),
      summary: 'Every offer, highest priority first.',
      handle: ({ auth }) => admin.list(auth.id),
    }),
    route({
      ...post('create'),
      body: OfferCreateSchema,
      response: OfferSchema,
      summary: 'Creates an offer: a title, a discount, optional UTM rules, cart minimum, priority and time window.',
      handle: ({ auth, body }) => {
        const { action: _action, ...offer } = body;
        return admin.create(auth, offer);
      },
    }),
    route({
      ...post('update'),
      body: OfferUpdateSchema,
      response: OfferSchema,
      errors: { 404: 'No offer with this id' },
      examples: {
        body: {
          action: 'update',
          offer_id: 'b2d4f6a8-3e5c-4d7b-8a9f-1c2e3d4f5a6b',
          active: false,
          ends_at: '2026-11-30',
        },
      },
      summary:
        'Changes the fields sent (edit, switch off with active: false, reschedule with starts_at/ends_at); the rest stay.',
      handle: ({ auth, body }) => {
        const { action: _action, offer_id: id, ...patch } = body;
        return admin.update(auth, id, patch);
      },
    }),
  ];
}
