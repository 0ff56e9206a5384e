// Names for the generated OpenAPI types (src/generated/*): each method's input and the `data` it returns.
import type { components as CheckoutComponents, operations as CheckoutOps } from './generated/checkout.js';
import type { operations as LocationOps } from './generated/location.js';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The 200 body of an operation. */
type Ok<Op> = Op extends { responses: { 200: infer R } } ? JsonOf<R> : never;
/** The request body of an operation. */
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** `data` of an enveloped 200 body. */
type DataOf<B> = B extends { data: infer D } ? D : never;
/** A top-level answer (`{success, …fields}`) without `success`. */
type Fields<B> = Omit<B, 'success'>;
type Schemas = CheckoutComponents['schemas'];
/** An action's request body, without the `action` field the client fills in. */
type ActionBody<Name extends keyof Schemas> = Omit<Schemas[Name], 'action'>;

// Location API (/v1)
export type Point = { latitude: number; longitude: number };
export type LookupInput = BodyOf<LocationOps['postV1LocationLookup']>;
export type LookupResult = DataOf<Ok<LocationOps['postV1LocationLookup']>>;
export type BatchLookupResult = DataOf<Ok<LocationOps['postV1LocationBatchLookup']>>;
export type BatchLookupItem = BatchLookupResult['results'][number];
export type AddressInput = BodyOf<LocationOps['postV1GeopinGeocode']>;
export type GeocodeResult = DataOf<Ok<LocationOps['postV1GeopinGeocode']>>;
export type BatchGeocodeResult = DataOf<Ok<LocationOps['postV1GeopinBatch']>>;
export type BatchGeocodeItem = BatchGeocodeResult['results'][number];
export type AutocompleteQuery = NonNullable<LocationOps['getV1GeopinAutocomplete']['parameters']['query']>;
export type AutocompleteResult = DataOf<Ok<LocationOps['getV1GeopinAutocomplete']>>;
export type ReverseResult = DataOf<Ok<LocationOps['postV1GeopinReverse']>>;
export type CoordinatesToGeopinResult = DataOf<Ok<LocationOps['postV1GeopinCoordinatesToGeopin']>>;
export type GeopinValidation = DataOf<Ok<LocationOps['getV1GeopinValidateGeopin']>>;
export type PincodeValidation = DataOf<Ok<LocationOps['getV1PincodeValidatePincode']>>;
export type EncodeResult = DataOf<Ok<LocationOps['getV1GeopinEncode']>>;
export type DecodeResult = DataOf<Ok<LocationOps['getV1GeopinDecode']>>;
export type Usage = DataOf<Ok<LocationOps['getV1GeopinUsage']>>;
export type Stats = DataOf<Ok<LocationOps['getV1LocationStats']>>;

// Merchant admin (/checkout-admin) and offers
export type AdminQuery = NonNullable<CheckoutOps['getCheckoutAdmin']['parameters']['query']>;
/** A report window: ISO 8601 dates or date-times, or Dates (a date alone: the whole day, UTC). */
export type ReportWindow = { from?: string | Date; to?: string | Date };
export type Page = Pick<AdminQuery, 'limit' | 'offset'>;
/** The sessions listing's window, page, search (`q`) and filters (`status`, `payment_method`). */
export type SessionsQuery = ReportWindow & Pick<AdminQuery, 'limit' | 'offset' | 'q' | 'status' | 'payment_method'>;
export type Funnel = DataOf<Schemas['getCheckoutAdmin_funnel_response']>;
export type SessionsPage = DataOf<Schemas['getCheckoutAdmin_sessions_response']>;
/** One session as the merchant's order page shows it: `{session, address, orders, events, webhooks, timeline}`. */
export type SessionView = DataOf<Schemas['getCheckoutAdmin_session_response']>;
export type WebhookDeliveriesPage = DataOf<Schemas['getCheckoutAdmin_webhook_deliveries_response']>;
export type WebhookEventsQuery = Pick<AdminQuery, 'limit' | 'offset' | 'state'>;
export type WebhookEventsPage = DataOf<Schemas['getCheckoutAdmin_webhook_events_response']>;
export type WebhookDelivery = DataOf<Schemas['getCheckoutAdmin_webhook_delivery_response']>;
export type AuditLogPage = DataOf<Schemas['getCheckoutAdmin_audit_log_response']>;
export type CodConfig = DataOf<Schemas['getCheckoutAdmin_cod_config_response']>;
export type WebhookSettings = DataOf<Schemas['getCheckoutAdmin_webhooks_response']>;
export type PaymentConfig = DataOf<Schemas['getCheckoutAdmin_get_payment_config_response']>;
export type Settings = DataOf<Schemas['getCheckoutAdmin_settings_response']>;
export type ImportStatus = DataOf<Schemas['getCheckoutAdmin_import_status_response']>;
export type ImportBatchesPage = DataOf<Schemas['getCheckoutAdmin_import_batches_response']>;
export type ImportErrorsPage = DataOf<Schemas['getCheckoutAdmin_import_errors_response']>;
export type CodConfigUpdate = Schemas['patchCheckoutAdmin_cod_config_request'];
export type WebhooksUpdate = Schemas['patchCheckoutAdmin_webhooks_request'];
export type PaymentConfigInput = Schemas['patchCheckoutAdmin_set_payment_config_request'];
export type SettingsUpdate = Schemas['patchCheckoutAdmin_settings_request'];
export type ImportBatchResult = DataOf<Schemas['postCheckoutAdmin_import_customers_response']>;
export type ImportRowResult = ImportBatchResult['results'][number];
export type SessionCart = DataOf<Schemas['postCheckoutAdmin_set_session_cart_response']>;
export type Redelivery = DataOf<Schemas['postCheckoutAdmin_redeliver_webhook_response']>;
export type RedeliveredFailing = DataOf<Schemas['postCheckoutAdmin_redeliver_failing_response']>;
export type RefundRecord = DataOf<Schemas['postCheckoutAdmin_record_refund_response']>;
export type TestWebhookResult = Fields<Schemas['postCheckoutAdmin_test_webhook_response']>;
export type OfferInput = ActionBody<'postCheckoutOffers_create_request'>;
export type Offer = DataOf<Schemas['postCheckoutOffers_create_response']>;

/** A customer row of an import: the documented columns (none required); other columns are reported, not imported. */
export type ImportRow = Record<string, string | number | boolean | null | undefined>;

// Buyer endpoints (server-side use)
export type OtpSent = Fields<Schemas['postCheckoutEmailOtp_send_response']>;
export type OtpVerifyInput = ActionBody<'postCheckoutEmailOtp_verify_request'>;
export type OtpVerified = Fields<Schemas['postCheckoutEmailOtp_verify_response']>;
export type FunnelEvent = BodyOf<CheckoutOps['postCheckoutFunnelEvents']>;
export type AddressFields = ActionBody<'postCheckoutAddresses_create_request'>['address'];
/** A saved address with what disagrees in it: `warnings` (e.g. `pincode_mismatch`) and the `suggestions` for them. */
export type AddressSaved = DataOf<Schemas['postCheckoutAddresses_create_response']>;
export type Address = AddressSaved['address'];
export type AddressUpdate = ActionBody<'postCheckoutAddresses_update_request'>['address'];
export type AddressCompleted = DataOf<Schemas['postCheckoutAddresses_address_completed_response']>;
export type CodEligibilityInput = ActionBody<'postCheckoutAddresses_cod_eligibility_request'>;
export type CodEligibility = DataOf<Schemas['postCheckoutAddresses_cod_eligibility_response']>;
export type ServiceabilityInput = ActionBody<'postCheckoutAddresses_serviceability_check_request'>;
export type Serviceability = DataOf<Schemas['postCheckoutAddresses_serviceability_check_response']>;
export type SessionUpdate = ActionBody<'postCheckoutAddresses_update_session_request'>;
export type SessionUpdated = DataOf<Schemas['postCheckoutAddresses_update_session_response']>;
export type Abandoned = DataOf<Schemas['postCheckoutAddresses_abandon_response']>;
export type SessionStatus = DataOf<Schemas['postCheckoutAddresses_session_status_response']>;
export type BannerOffer = DataOf<Ok<CheckoutOps['getCheckoutOffers']>>;
export type CreateOrderInput = ActionBody<'postCheckoutPayment_create_order_request'>;
export type OrderCreated = Fields<Schemas['postCheckoutPayment_create_order_response']>;
export type PaymentVerifyInput = ActionBody<'postCheckoutPayment_verify_request'>;
export type PaymentVerified = Fields<Schemas['postCheckoutPayment_verify_response']>;
export type RecordCodInput = ActionBody<'postCheckoutPayment_record_cod_request'>;
export type CodRecorded = Fields<Schemas['postCheckoutPayment_record_cod_response']>;
