// GET /checkout-offers (the session's UTM-matched banner); POST /checkout-offers (list, create, update; merchant key).
import { z } from 'zod';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Sql } from '../db/sql.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { SessionContext } from './address-service.ts';
import { MERCHANT_AUTH } from './admin-routes.ts';
import { OfferCreateSchema, offerRules, OfferUpdateSchema } from './admin-schema.ts';
import { changesOf, type AuditLog, type MerchantPrincipal } from './audit-log.ts';
import { matchOffer } from './offer-match.ts';
import type { NewOffer, OfferRepository } from './offer-repository.ts';
import { OfferSchema } from './responses.ts';

export interface OfferRouteDeps {
  offers: OfferRepository;
  audit: AuditLog;
  sql: Sql;
  clock: Clock;
}

export function offerRoutes({ offers, audit, sql, clock }: OfferRouteDeps): RouteDef[] {
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
      handle: async ({ auth }) =>
        matchOffer(await offers.list(auth.session.merchant_id), auth.session, clock().toISOString()),
    }),
    route({
      ...post('list'),
      body: z.strictObject({ action: z.literal('list') }),
      response: z.object({ offers: z.array(OfferSchema) }),
      summary: 'Every offer, highest priority first.',
      handle: async ({ auth }) => ({ offers: await offers.list(auth.id) }),
    }),
    route({
      ...post('create'),
      body: OfferCreateSchema,
      response: OfferSchema,
      summary: 'Creates an offer: a title, a discount, optional UTM rules, cart minimum, priority and time window.',
      handle: ({ auth, body }) => {
        const { action: _action, ...offer } = body;
        return sql.transaction(async (tx) => {
          const created = await offers.in(tx).insert(auth.id, offer);
          const fields = Object.keys(offer);
          await audit.in(tx).record(auth.id, auth.actor, 'offer_created', created.id, changesOf({}, created, fields));
          return created;
        });
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
        return sql.transaction(async (tx) => {
          const before = await offers.in(tx).byId(auth.id, id);
          if (!before) throw new DomainError('not_found', 'offer_not_found', `No offer ${id}`);
          const { id: _id, created_at: _created, ...current } = before;
          const after: NewOffer = { ...current, ...patch };
          checkOffer(after);
          const updated = (await offers.in(tx).update(auth.id, id, after))!;
          await audit
            .in(tx)
            .record(auth.id, auth.actor, 'offer_updated', id, changesOf(before, updated, Object.keys(patch)));
          return updated;
        });
      },
    }),
  ];
}

/** The rules create checks field by field, checked on the offer as an update leaves it (400 with the field). */
function checkOffer(o: NewOffer): void {
  const refuse = (path: string, message: string) =>
    new DomainError('invalid', 'invalid_request', `${path}: ${message}`, { details: { issues: [{ path, message }] } });
  if (!offerRules.percent(o)) throw refuse('discount_value', 'a percent discount is at most 100');
  if (!offerRules.window(o)) throw refuse('ends_at', 'starts_at must be before ends_at');
}
