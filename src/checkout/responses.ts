// Response schemas of the checkout API: the OpenAPI document is generated from them and tests validate every reply with them.
import { z } from 'zod';
import { SERVICEABILITY_REASONS } from './serviceability.ts';

const Instant = z.string().meta({ format: 'date-time' });
const Nullable = z.string().nullable();

export const SettingsViewSchema = z.object({ allowed_origins: z.array(z.string()), courier_coverage_url: Nullable });
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
  created_at: Instant,
  expires_at: Instant,
  address_completed_at: Instant.nullable(),
  completed_at: Instant.nullable(),
  abandoned_at: Instant.nullable(),
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

export const DeliveriesPageSchema = z.object({
  deliveries: z.array(
    z.object({
      id: z.number().int(),
      delivery_id: z.string(),
      event: z.string(),
      attempt: z.number().int(),
      http_status: z.number().int().nullable(),
      response_body: Nullable,
      error: Nullable,
      next_retry_at: Instant.nullable(),
      created_at: Instant,
      status: z
        .enum(['pending', 'sending', 'delivered', 'failed'])
        .meta({ description: 'Retry state of the delivery now' }),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

export const FunnelReportSchema = z.object({
  from: Instant,
  to: Instant,
  total_events: z.number().int(),
  events: z.record(z.string(), z.number().int()),
  steps: z.record(z.string(), z.number().int()),
  stages: z.array(
    z.object({
      stage: z.string(),
      events: z.number().int(),
      sessions: z.number().int(),
      reached: z.number().int(),
      from_previous: z.number().min(0).max(1).nullable(),
      from_start: z.number().min(0).max(1).nullable(),
    }),
  ),
  overall_conversion: z.number().min(0).max(1).nullable(),
  abandonment_rate: z.number().min(0).max(1).nullable(),
  sessions: z.record(z.string(), z.number().int()),
});

/** The document's Import batch, plus the label the merchant gave it. */
export const ImportBatchSchema = z.object({
  id: z.uuid(),
  status: z.enum(['processing', 'completed', 'failed']),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  error_count: z.number().int(),
  source: z.string(),
  label: Nullable,
  created_at: Instant,
  completed_at: Instant.nullable(),
});

export const ImportStatusSchema = z.object({
  batch: ImportBatchSchema,
  errors: z
    .array(
      z.object({
        row_index: z.number().int(),
        legacy_external_id: Nullable,
        error_code: z.string(),
        error_message: z.string(),
        created_at: Instant,
      }),
    )
    .max(100),
  errors_truncated: z.boolean(),
});

export const ImportResultSchema = z.object({
  batch_id: z.uuid(),
  status: z.enum(['completed', 'failed']),
  total_rows: z.number().int(),
  imported_count: z.number().int(),
  error_count: z.number().int(),
  results: z.array(
    z.object({
      row_index: z.number().int(),
      success: z.boolean(),
      buyer_id: z.uuid().optional(),
      address_id: z.uuid().optional(),
      error: z.string().optional(),
      error_code: z.string().optional(),
    }),
  ),
  unknown_columns: z
    .array(z.string())
    .meta({ description: 'Columns that are not import fields; their values were not imported' }),
});

export const TestWebhookSchema = z.object({ message: z.string(), delivery_id: z.uuid() });
export const RedeliveredSchema = z.object({ delivery_id: z.uuid(), status: z.literal('pending') });
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
