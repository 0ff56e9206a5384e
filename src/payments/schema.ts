// Request bodies for /checkout-payment actions.
import { z } from 'zod';

/** create_order body: amount in paise (a positive integer). */
export const CreateOrderSchema = z.object({
  amount_paise: z.number().int().positive().max(1_000_000_000),
  currency: z.literal('INR').default('INR'),
});
/** See CreateOrderSchema. */
export type CreateOrder = z.infer<typeof CreateOrderSchema>;

/** verify body: what the gateway handed the buyer's browser. */
export const VerifyPaymentSchema = z.object({
  gateway_order_id: z.string().min(1).max(64),
  gateway_payment_id: z.string().min(1).max(64),
  gateway_signature: z.string().min(1).max(128),
});
/** See VerifyPaymentSchema. */
export type VerifyPayment = z.infer<typeof VerifyPaymentSchema>;

/** The ?action= values. */
export const PaymentActionSchema = z.enum(['create_order', 'verify', 'record_cod']);
/** See PaymentActionSchema. */
export type PaymentAction = z.infer<typeof PaymentActionSchema>;
