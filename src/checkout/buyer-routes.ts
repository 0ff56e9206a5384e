// Buyer endpoints keyed by merchant_id in the body: POST /checkout-email-otp and POST /checkout-funnel-events.
import type { TemplatedApp } from 'uWebSockets.js';
import { clientIp } from '../server/client-ip.ts';
import { route } from '../server/http.ts';
import { wakeWebhookDispatcher } from '../webhooks/start.ts';
import { assertOrigin, merchantById } from './auth.ts';
import type { CheckoutModule } from './module.ts';
import { FunnelEventSchema, OtpRequestSchema } from './schema.ts';
import { requireAction } from './action.ts';

export function registerBuyerRoutes(app: TemplatedApp, m: CheckoutModule): void {
  route(app, 'post', '/checkout-email-otp', async (req) => {
    const body = req.json();
    requireAction(body, ['send', 'verify']);
    const input = OtpRequestSchema.parse(body);
    const merchant = merchantById(input.merchant_id, m.merchants);
    assertOrigin(req, merchant);
    if (input.action === 'send') {
      return { body: await m.otp.send(merchant.id, input.email, clientIp(req, m.ctx.config.TRUST_PROXY_HOPS)) };
    }
    const verified = m.otp.verify(merchant.id, input.email, input.code, { utm: input.utm, cart_value_paise: input.cart_value_paise });
    wakeWebhookDispatcher(m.ctx);
    return { body: verified };
  }, { cors: true });

  route(app, 'post', '/checkout-funnel-events', (req) => {
    const event = FunnelEventSchema.parse(req.json());
    const merchant = merchantById(event.merchant_id, m.merchants);
    assertOrigin(req, merchant);
    const id = m.funnel.insert(event, new Date().toISOString());
    return { status: 201, body: { success: true, event_id: id } };
  }, { cors: true });
}
