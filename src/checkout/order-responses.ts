// Response schema of one order's page (GET /checkout-admin?action=session): the session, its address and pin, its story.
import { z } from 'zod';
import { COD_REASONS } from './cod.ts';
import { AddressLines, DeliveryDetailSchema, SessionViewSchema } from './responses.ts';

const Instant = z.string().meta({ format: 'date-time' });
const Nullable = z.string().nullable();
const Point = z.object({ latitude: z.number(), longitude: z.number() });

const OrderAddressSchema = z.object({
  id: z.string(),
  ...AddressLines,
  pincode: Nullable,
  label: Nullable,
  geopin: Nullable.meta({ description: 'The DIGIPIN of the pin' }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  pin_pincode: Nullable.meta({ description: 'The pincode whose boundary holds the pin (null: outside every one)' }),
  pincode_point: Point.nullable().meta({ description: "The address pincode's representative point, for the map" }),
  pincode_outline: z
    .array(z.array(z.array(z.array(z.number()))))
    .nullable()
    .meta({
      description:
        "The address pincode's boundary as GeoJSON MultiPolygon coordinates ([longitude, latitude]), simplified for a " +
        'small map; null when the pincode has none',
    }),
});

const refundFields = {
  refunded_at: Instant.nullable().meta({ description: 'When the merchant recorded refunding it (null: still due)' }),
  refunded_by: Nullable.meta({ description: 'Who recorded the refund: a dashboard user or an api key' }),
  refund_reference: Nullable.meta({ description: "The gateway's refund id, when the merchant gave it" }),
};

/** POST /checkout-admin?action=record_refund: the payment that completed nothing and its refund as recorded. */
export const RefundRecordSchema = z.object({
  gateway_payment_id: z.string(),
  gateway_order_id: z.string(),
  session_id: z.string(),
  amount_paise: z.number().int().meta({ description: "What the payment took: its gateway order's amount" }),
  currency: z.string(),
  reason: z.string().meta({ description: "The refusal's error code, e.g. session_already_paid" }),
  refused_at: Instant,
  ...refundFields,
});

const CodNowSchema = z
  .object({
    eligible: z.boolean(),
    reason: z
      .enum(COD_REASONS)
      .nullable()
      .meta({ description: 'The first rule that fails (null: eligible), as the widget is told' }),
    cart_value_paise: z.number().int().nullable(),
    pincode: Nullable.meta({ description: "The chosen address's pincode" }),
    cod_max_cart_value_paise: z.number().int().nullable().meta({ description: "The shop's COD limit (null: none)" }),
  })
  .nullable()
  .meta({
    description:
      'Cash on delivery for this open order under the rules as they are now, and the facts checked; null once paid ' +
      'or abandoned',
  });

export const OrderPageSchema = z.object({
  session: SessionViewSchema,
  cod_now: CodNowSchema,
  address: OrderAddressSchema.nullable().meta({ description: 'The chosen address (null before address_completed)' }),
  orders: z.array(
    z.object({
      gateway_order_id: z.string(),
      amount_paise: z.number().int(),
      currency: z.string(),
      created_at: Instant,
      refused_payments: z
        .array(
          z.object({
            gateway_payment_id: z.string(),
            reason: z.string().meta({ description: "The refusal's error code, e.g. session_already_paid" }),
            refused_at: Instant,
            ...refundFields,
          }),
        )
        .meta({
          description:
            'Payments the gateway took for this order that verify refused (the session was paid already, or the ' +
            'cart changed): they completed nothing, and the merchant must refund each at the gateway, then record it',
        }),
    }),
  ),
  events: z
    .array(
      z.object({
        event_type: z.string(),
        step: Nullable,
        device_type: Nullable,
        platform: Nullable,
        created_at: Instant,
      }),
    )
    .meta({ description: 'Funnel events the widget logged with this session id, oldest first' }),
  webhooks: z.array(DeliveryDetailSchema).meta({ description: 'Webhooks sent about this session, with every attempt' }),
  timeline: z
    .array(
      z.object({
        at: Instant,
        source: z.enum(['session', 'payment', 'widget', 'webhook']),
        event: z.string(),
        detail: Nullable,
      }),
    )
    .meta({ description: 'All of the above in time order' }),
});
