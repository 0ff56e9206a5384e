// Response schemas of the checkout API: the OpenAPI document is generated from them and tests validate every reply with them.
import { z } from 'zod';
import { SERVICEABILITY_REASONS } from './serviceability.ts';
import { SESSION_STATUSES } from './session-states.ts';

const Instant = z.string().meta({ format: 'date-time' });
const Nullable = z.string().nullable();

/** Who an address is for and its lines down to the state, as every answer carrying an address writes them. */
export const AddressLines = {
  name: Nullable,
  phone: Nullable,
  flat_number: Nullable,
  building_name: Nullable,
  street_name: Nullable,
  locality: Nullable,
  landmark: Nullable,
  city: Nullable,
  district: Nullable,
  state: Nullable,
};

export const SettingsViewSchema = z.object({
  allowed_origins: z.array(z.string()),
  courier_coverage_url: Nullable,
  payment_enabled: z.boolean(),
});
export const CodViewSchema = z.object({
  enable_cod: z.boolean(),
  cod_max_cart_value_paise: z.number().int().nullable(),
  cod_blocked_pincodes: z.array(z.string()),
});
export const WebhookViewSchema = z.object({
  webhook_url: Nullable,
  webhook_secret_set: z.boolean().meta({ description: 'The secret is write-only: only whether one is set' }),
});
export const PaymentViewSchema = z.object({
  gateway_key_id_set: z.boolean(),
  gateway_key_id: Nullable,
  gateway_secret_key_set: z.boolean(),
  payment_enabled: z.boolean(),
});

export const PaymentStateSchema = z.object({
  method: z.enum(['gateway', 'cod']).nullable(),
  status: z.enum(['none', 'order_created', 'paid', 'cod']),
  gateway_order_id: Nullable,
  gateway_payment_id: Nullable,
  amount_paise: z.number().int().nullable(),
  paid_at: Instant.nullable(),
  offer: z
    .object({
      id: z.string(),
      title: z.string().meta({ description: "The offer's title now (offers can be edited)" }),
      discount_paise: z.number().int().meta({ description: 'What it took off the cart' }),
    })
    .nullable()
    .meta({
      description:
        "The offer the payment's amount took off the cart: the session's banner offer when it was paid, whose " +
        'discount the amount is; null when none explains it',
    }),
});

export const SessionViewSchema = z.object({
  id: z.string(),
  buyer_id: z.string(),
  email: Nullable,
  auth_channel: z.enum(['email', 'phone']),
  status: z.enum(['verified', 'address_completed', 'completed', 'abandoned']),
  cart_value_paise: z.number().int().nullable(),
  cart_value_source: z.enum(['widget', 'merchant']).nullable(),
  utm: z.record(z.string(), z.string()),
  selected_address_id: Nullable,
  pincode: Nullable.meta({ description: "The chosen address's pincode" }),
  ship_to: z
    .object(AddressLines)
    .nullable()
    .meta({
      description:
        "Who and where the order goes, its pincode being the session's: a completed order's address as it " +
        'completed, else the address the session chose; null before one is chosen (or once that one is deleted)',
    }),
  created_at: Instant,
  expires_at: Instant,
  address_completed_at: Instant.nullable(),
  completed_at: Instant.nullable(),
  abandoned_at: Instant.nullable(),
  refunds_due: z.number().int().meta({
    description: 'Payments the gateway took for this session that completed nothing: refunds the merchant owes',
  }),
  refund_due_paise: z.number().int().meta({
    description: "What the refunds due add up to, in paise: each payment took its gateway order's amount",
  }),
  payment: PaymentStateSchema,
});

export const SessionsPageSchema = z.object({
  sessions: z.array(SessionViewSchema),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  from: Instant,
  to: Instant,
});

const AttemptOutcomeSchema = z
  .enum(['delivered', 'retrying', 'failed'])
  .meta({ description: "This attempt's own result: a 2xx, a failure with a retry scheduled, or a failure for good" });

const AttemptFields = {
  id: z.number().int(),
  attempt: z.number().int(),
  http_status: z.number().int().nullable(),
  response_body: Nullable,
  error: Nullable,
  next_retry_at: Instant.nullable(),
  created_at: Instant,
  outcome: AttemptOutcomeSchema,
};

const DeliveryStatusSchema = z
  .enum(['pending', 'sending', 'delivered', 'failed'])
  .meta({ description: 'Retry state of the delivery now' });

const RetentionDays = z.number().int().nullable().meta({
  description: 'Days a delivered or failed delivery stays in the log after its last attempt; null: for ever',
});

export const DeliveriesPageSchema = z.object({
  deliveries: z.array(
    z.object({
      ...AttemptFields,
      delivery_id: z.string(),
      event: z.string(),
      session_id: Nullable.meta({ description: 'The checkout session the event is about' }),
      status: DeliveryStatusSchema,
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  retention_days: RetentionDays,
});

const DeliveryFields = {
  delivery_id: z.uuid(),
  event: z.string(),
  session_id: Nullable,
  status: DeliveryStatusSchema,
  attempts: z.number().int().meta({ description: 'Attempts made (since the latest redeliver)' }),
  next_attempt_at: Instant.nullable().meta({ description: 'When a pending delivery is next attempted' }),
  created_at: Instant,
};

export const DeliverySummariesSchema = z.object({
  deliveries: z.array(z.object({ ...DeliveryFields, last_attempt: z.object(AttemptFields).nullable() })),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  retention_days: RetentionDays,
});

export const DeliveryDetailSchema = z.object({
  ...DeliveryFields,
  payload: z.record(z.string(), z.unknown()).meta({ description: 'The JSON body every attempt sends and signs' }),
  attempt_log: z.array(z.object(AttemptFields)).meta({ description: 'Every attempt, oldest first' }),
});

export const TestWebhookSchema = z.object({ message: z.string(), delivery_id: z.uuid() });
export const RedeliveredSchema = z.object({ delivery_id: z.uuid(), status: z.literal('pending') });
export const RedeliveredFailingSchema = z.object({
  redelivered: z.number().int().meta({ description: 'Deliveries this call made due now' }),
  more: z.boolean().meta({ description: 'true: other failing deliveries are left; call again to send them' }),
});
export const SessionCartViewSchema = z.object({
  session_id: z.uuid(),
  cart_value_paise: z.number().int(),
  cart_value_source: z.literal('merchant'),
});

export const OtpSendAnswerSchema = z.object({ reused: z.boolean(), message: z.string(), expires_at: Instant });
export const OtpVerifyAnswerSchema = z.object({
  session_token: z.string(),
  session_id: z.uuid(),
  expires_at: Instant,
  buyer_id: z.uuid(),
});
export const FunnelLoggedSchema = z.object({ logged: z.literal(true) });

export const AddressSchema = z.object({
  id: z.uuid(),
  buyer_id: z.string(),
  legacy_address_id: Nullable,
  ...AddressLines,
  pincode: Nullable,
  country: z.string(),
  label: Nullable,
  is_default: z.boolean(),
  geopin: Nullable,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: Instant,
  updated_at: Instant,
});

export const CodEligibilitySchema = z.object({
  eligible: z.boolean(),
  reason: z.string().nullable(),
  message: z.string(),
  enabled: z.boolean(),
  cart_value_paise: z.number().int().nullable(),
  cart_value_source: z.enum(['widget', 'merchant']).nullable().meta({
    description: "merchant: the merchant's server fixed the cart (set_session_cart) and that amount is charged",
  }),
  pincode: Nullable,
  cod_max_cart_value_paise: z.number().int().nullable(),
});

/** A buyer's own session: its state and, once the order is placed, how it was placed and where it ships. */
export const SessionStatusSchema = z.object({
  session_id: z.uuid(),
  status: z.enum(SESSION_STATUSES),
  payment_method: z.enum(['gateway', 'cod']).nullable().meta({ description: 'What placed the order; null before' }),
  payment: z
    .object({ gateway_order_id: Nullable, gateway_payment_id: Nullable, amount_paise: z.number().int().nullable() })
    .nullable()
    .meta({ description: 'The payment as session_already_paid names it (cash on delivery: no gateway ids)' }),
  address_id: Nullable.meta({ description: "The order's delivery address (the saved one it was taken from)" }),
  geopin: Nullable.meta({ description: "The order's delivery geopin" }),
  selected_address_id: Nullable.meta({
    description: 'The saved address the session chose (address_completed), which a reloaded checkout offers first',
  }),
});

/** The document's Serviceability result. */
export const ServiceabilitySchema = z.object({
  enabled: z.boolean(),
  checked: z.boolean(),
  serviceable: z.boolean().nullable(),
  pincode: z.string(),
  message: z.string(),
  block_checkout: z.boolean(),
  show_postal_delivery_warning: z.boolean(),
  reason: z.enum(SERVICEABILITY_REASONS).nullable(),
});

export const OfferSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: Nullable,
  discount_type: z.enum(['percent', 'flat']),
  discount_value: z.number().int(),
  min_cart_value_paise: z.number().int().nullable(),
  utm_rules: z.record(z.string(), z.string()),
  priority: z.number().int(),
  active: z.boolean(),
  starts_at: Instant.nullable(),
  ends_at: Instant.nullable(),
  created_at: Instant,
});

export const AuditPageSchema = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      actor: z.string().meta({ description: "A dashboard user's email, or `api key ck_…` for the merchant's server" }),
      action: z
        .string()
        .meta({ description: 'What was changed: an admin action (cod_config, …), offer_*, key_rotated' }),
      target: Nullable.meta({ description: 'The offer id or key prefix the change was about' }),
      changes: z
        .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
        .meta({ description: 'Each changed field before and after; secrets only as set, replaced or removed' }),
      created_at: Instant,
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
