// POST /checkout-payment: create_order, verify, record_cod, with the session token, from the merchant's browser origins.
import { z } from 'zod';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { PayingSession } from './ports.ts';
import { PaymentActionSchemas } from './schema.ts';
import type { PaymentService } from './service.ts';

export function paymentRoutes(service: PaymentService): RouteDef[] {
  const route = routesWith<PayingSession>();
  const action = <K extends keyof typeof PaymentActionSchemas>(name: K) => ({
    method: 'post' as const,
    path: '/checkout-payment',
    action: { name, in: 'body' as const },
    auth: 'session' as const,
    tag: 'checkout-payment',
    envelope: 'fields' as const,
    browser: true,
    maxBodyBytes: 4 * 1024,
    body: PaymentActionSchemas[name],
  });
  return [
    route({
      ...action('create_order'),
      waits: true,
      response: z.object({
        gateway_order_id: z.string(),
        gateway_key_id: z.string(),
        amount_paise: z.number().int(),
        currency: z.string(),
      }),
      errors: {
        400: 'amount_paise missing while the merchant has set no cart value',
        409: 'Online payment not enabled, already paid, or amount_paise differs from the cart value the merchant set',
        502: 'The gateway failed',
      },
      summary: 'Creates a gateway order for amount_paise, or for the cart value the merchant set for the session.',
      handle: ({ auth, body }) => service.createOrder(auth, body.amount_paise),
    }),
    route({
      ...action('verify'),
      response: z.object({
        payment_method: z.literal('gateway'),
        gateway_order_id: z.string(),
        gateway_payment_id: z.string(),
      }),
      errors: {
        400:
          "The signature does not match (invalid_signature), or, for an order made with the merchant's previous " +
          'gateway key, the gateway does not confirm the payment (payment_not_confirmed)',
        404: 'No such order for this session',
        409:
          'Online payment not configured, the session is already paid otherwise (session_already_paid), or the amount ' +
          'paid differs from the cart value the merchant set (amount_mismatch): for these two nothing completes, the ' +
          'payment is kept for the merchant to refund (refund_required) and session.refund_required is queued once; ' +
          'or the merchant recorded refunding this payment (payment_refunded): it completes nothing',
        502: 'The gateway failed while asked to confirm a payment of an order made with a previous gateway key',
      },
      summary: 'Checks the gateway signature and records the payment (session.completed in Mode B).',
      waits: true,
      handle: ({ auth, body }) => service.verify(auth, body),
    }),
    route({
      ...action('record_cod'),
      response: z.object({ payment_method: z.literal('cod') }),
      errors: {
        409:
          'COD is not available for this session (reason says why), it is already paid or abandoned, or amount_paise ' +
          'differs from the cart value the merchant set or from the amount COD was already recorded for',
      },
      summary: 'Records cash on delivery for the amount due when the COD rules allow it (session.completed in Mode B).',
      handle: ({ auth, body }) => service.recordCod(auth, body.amount_paise),
    }),
  ];
}
