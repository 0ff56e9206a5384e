// Request bodies of the /checkout-payment actions.
import { z } from 'zod';

export const PaymentActionSchemas = {
  create_order: z.strictObject({
    action: z.literal('create_order'),
    amount_paise: z.number().int().positive().max(1_000_000_000).optional().meta({
      description:
        'The amount to charge. Required unless the merchant set the session cart value (POST /checkout-admin?action=set_session_cart); then it may be left out and must equal that value',
    }),
  }),
  verify: z.strictObject({
    action: z.literal('verify'),
    gateway_order_id: z.string().min(1).max(64),
    gateway_payment_id: z.string().min(1).max(64),
    gateway_signature: z.string().min(1).max(128),
  }),
  record_cod: z.strictObject({
    action: z.literal('record_cod'),
    amount_paise: z.number().int().positive().max(1_000_000_000).optional().meta({
      description:
        "The amount due on delivery, as on create_order: the merchant-set cart value wins when set (a different amount is 409 amount_mismatch); the COD cap is checked against it. Default: the widget's cart value",
    }),
  }),
};
