// Buyer endpoints authenticated by x-session-token: POST /checkout-addresses, GET /checkout-offers; POST /checkout-offers (x-api-key).
import type { TemplatedApp } from 'uWebSockets.js';
import { route, type RequestContext } from '../server/http.ts';
import { wakeWebhookDispatcher } from '../webhooks/start.ts';
import { requireAction } from './action.ts';
import { OfferCreateSchema } from './admin-schema.ts';
import { assertOrigin, merchantFromApiKey, sessionFromToken } from './auth.ts';
import type { CheckoutModule } from './module.ts';
import { matchOffer } from './offer-match.ts';
import { ADDRESS_ACTIONS, AddressActionSchema } from './schema.ts';
import { checkServiceability } from './serviceability.ts';
import type { CheckoutSession } from './session-repository.ts';

export function registerSessionRoutes(app: TemplatedApp, m: CheckoutModule): void {
  route(app, 'post', '/checkout-addresses', async (req) => {
    const session = authenticate(req, m);
    const body = req.json();
    requireAction(body, ADDRESS_ACTIONS);
    return { body: await addressAction(m, session, body) };
  }, { cors: true });

  route(app, 'get', '/checkout-offers', (req) => {
    const session = authenticate(req, m);
    const offer = matchOffer(m.offers.list(session.merchant_id), session, new Date().toISOString());
    return { body: { success: true, offer } };
  }, { cors: true });

  route(app, 'post', '/checkout-offers', (req) => {
    const merchant = merchantFromApiKey(req, m.merchants);
    const body = req.json();
    requireAction(body, ['list', 'create']);
    if ((body as { action: string }).action === 'list') return { body: { success: true, data: { offers: m.offers.list(merchant.id) } } };
    const { action: _action, ...offer } = OfferCreateSchema.parse(body);
    return { status: 201, body: { success: true, data: m.offers.insert(merchant.id, offer) } };
  });
}

/** The session, with the same origin rule as the merchant's OTP endpoint. */
function authenticate(req: RequestContext, m: CheckoutModule): CheckoutSession {
  const session = sessionFromToken(req, m.sessions);
  assertOrigin(req, m.merchants.byId(session.merchant_id)!);
  return session;
}

async function addressAction(m: CheckoutModule, session: CheckoutSession, body: unknown): Promise<unknown> {
  const input = AddressActionSchema.parse(body);
  const book = m.addressBook;
  switch (input.action) {
    case 'list':
      return book.list(session);
    case 'create':
      return book.create(session, input.address, input.is_default ?? false);
    case 'update':
      return book.update(session, input.address_id, input.address);
    case 'delete':
      return book.delete(session, input.address_id);
    case 'set_default':
      return book.setDefault(session, input.address_id);
    case 'address_completed': {
      const result = book.addressCompleted(session, input.address_id);
      wakeWebhookDispatcher(m.ctx);
      return result;
    }
    case 'cod_eligibility':
      return book.codEligibility(session, input);
    case 'abandon':
      return book.abandon(session);
    case 'update_session':
      return book.updateSession(session, input);
    case 'serviceability_check': {
      const merchant = m.merchants.byId(session.merchant_id)!;
      // Decrypted only when a courier call will be signed with it.
      const secret = merchant.courier_coverage_url && merchant.webhook_secret_enc ? m.secrets.decrypt(merchant.webhook_secret_enc) : null;
      return checkServiceability(m.ctx.location, merchant, secret, input, m.ctx.config.CHECKOUT_COURIER_TIMEOUT_MS);
    }
  }
}
