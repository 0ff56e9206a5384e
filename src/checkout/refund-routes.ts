// POST /checkout-admin?action=record_refund: the merchant refunded, at its gateway, a payment that completed nothing.
import { z } from 'zod';
import { routesWith, type RouteDef } from '../http/route.ts';
import { adminAction } from './admin-routes.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import { RefundRecordSchema } from './order-responses.ts';
import type { RefundRecords } from './refund-records.ts';
import { text } from './schema.ts';

const RecordRefundSchema = z.strictObject({
  gateway_payment_id: z
    .string()
    .trim()
    .regex(/^[!-~]{1,64}$/, 'must be the gateway payment id as the order page lists it, e.g. pay_29QQoUBi66xm2f')
    .meta({ description: 'The payment refunded (pay_…), as the order page lists it' }),
  refund_reference: text(100)
    .refine((s) => !/[\t\n\r]/.test(s), 'must be one line')
    .nullable()
    .default(null)
    .meta({ description: "The gateway's refund id (rfnd_…), to find the refund there later; optional" }),
});

export function refundRoutes(refunds: RefundRecords): RouteDef[] {
  const route = routesWith<MerchantPrincipal>();
  return [
    route({
      ...adminAction('post', 'record_refund'),
      body: RecordRefundSchema,
      response: RefundRecordSchema,
      errors: { 404: 'No payment with this id completed nothing for this merchant (refund_not_due)' },
      summary:
        'Records that the merchant refunded, at its gateway, a payment that completed nothing: the refund is no ' +
        'longer due, and the payment can never complete its order afterwards. Recording it again changes nothing.',
      handle: ({ auth, body }) => refunds.record(auth, body.gateway_payment_id, body.refund_reference),
    }),
  ];
}
