// Buyer endpoints that name their merchant in the body: POST /checkout-email-otp (send, verify) and POST /checkout-funnel-events.
import { clientIp } from '../http/client-ip.ts';
import { defineRoute, type RouteDef } from '../http/route.ts';
import { buyerMerchant } from './auth.ts';
import type { FunnelService } from './funnel-service.ts';
import type { MerchantRepository } from './merchant-repository.ts';
import type { OtpService } from './otp-service.ts';
import { FunnelLoggedSchema, OtpSendAnswerSchema, OtpVerifyAnswerSchema } from './responses.ts';
import { FunnelEventSchema, OtpSendSchema, OtpVerifySchema } from './schema.ts';

export interface BuyerDeps {
  merchants: MerchantRepository;
  otp: OtpService;
  funnel: FunnelService;
  /** Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY_HOPS). */
  trustProxyHops: number;
}

/** Small bodies: an email, a code and a few UTM fields. */
const BUYER_MAX_BODY_BYTES = 4 * 1024;

export function buyerRoutes(d: BuyerDeps): RouteDef[] {
  const otp = (name: 'send' | 'verify') => ({
    method: 'post' as const,
    path: '/checkout-email-otp',
    action: { name, in: 'body' as const },
    auth: 'public' as const,
    tag: 'checkout-buyer',
    envelope: 'fields' as const,
    browser: true,
    maxBodyBytes: BUYER_MAX_BODY_BYTES,
  });
  return [
    defineRoute({
      ...otp('send'),
      body: OtpSendSchema,
      response: OtpSendAnswerSchema,
      waits: true,
      errors: {
        403: 'Origin not allowed for the merchant',
        404: 'No such merchant',
        429: 'Send limit reached',
        502: 'Mail server refused',
        503: 'Mail not configured',
      },
      summary: 'Mails a 6-digit code (or reuses the live one: reused = true, no new mail).',
      readsPeer: true,
      handle: async ({ body, head }) => {
        const merchant = await buyerMerchant(d.merchants, body.merchant_id, head);
        return d.otp.send(merchant.id, body.email, clientIp(head, d.trustProxyHops));
      },
    }),
    defineRoute({
      ...otp('verify'),
      body: OtpVerifySchema,
      response: OtpVerifyAnswerSchema,
      errors: {
        401: 'Invalid or expired code (with attempts_remaining)',
        403: 'Origin not allowed for the merchant',
        404: 'No such merchant',
        429: 'Locked after wrong codes',
      },
      summary: 'Checks the code and opens a checkout session (session_token for x-session-token).',
      readsPeer: true,
      handle: async ({ body, head }) => {
        const merchant = await buyerMerchant(d.merchants, body.merchant_id, head);
        return d.otp.verify(merchant.id, body.email, body.code, clientIp(head, d.trustProxyHops), {
          utm: body.utm,
          cart_value_paise: body.cart_value_paise,
        });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/checkout-funnel-events',
      auth: 'public',
      tag: 'checkout-buyer',
      envelope: 'fields',
      browser: true,
      maxBodyBytes: BUYER_MAX_BODY_BYTES,
      body: FunnelEventSchema,
      response: FunnelLoggedSchema,
      errors: { 403: 'Origin not allowed for the merchant', 404: 'No such merchant', 429: 'Flood limit reached' },
      summary: 'Logs one funnel step.',
      readsPeer: true,
      handle: async ({ body, head }) => {
        await buyerMerchant(d.merchants, body.merchant_id, head);
        await d.funnel.log(body, clientIp(head, d.trustProxyHops));
        return { logged: true as const };
      },
    }),
  ];
}
