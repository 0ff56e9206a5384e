// The merchant client: every /checkout-admin action and offer management, with a merchant api key (server side only).
import { importInBatches, type ImportOptions, type ImportResult } from './imports.js';
import { Transport, type CallOptions, type ClientOptions, type Query, type RequestSpec } from './transport.js';
import type {
  AuditLogPage,
  CodConfig,
  CodConfigUpdate,
  Funnel,
  ImportBatchesPage,
  ImportBatchResult,
  ImportErrorsPage,
  ImportRow,
  ImportStatus,
  Offer,
  OfferInput,
  Page,
  PaymentConfig,
  PaymentConfigInput,
  Redelivery,
  RedeliveredFailing,
  RefundRecord,
  SessionCart,
  SessionsPage,
  SessionsQuery,
  SessionView,
  Settings,
  SettingsUpdate,
  TestWebhookResult,
  WebhookDeliveriesPage,
  WebhookDelivery,
  WebhookEventsPage,
  WebhookEventsQuery,
  WebhooksUpdate,
  WebhookSettings,
  ReportWindow,
} from './types.js';

export interface MerchantClientOptions extends ClientOptions {
  /** The merchant api key (`ck_…`); never put it in browser code. */
  apiKey: string;
}

type Method = RequestSpec['method'];

interface AdminSpec {
  query?: Query;
  body?: unknown;
  /** See docs/clients.md#idempotency. */
  idempotent: boolean;
  options?: CallOptions;
}

export class MerchantClient {
  private readonly transport: Transport;

  constructor(options: MerchantClientOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey === '') throw new TypeError('apiKey is required');
    this.transport = new Transport(options, { 'x-api-key': options.apiKey });
  }

  // Reports and settings (GET: read only, retried)

  /** Funnel counts per event, step and stage in a window (default: the last 30 days). */
  funnel(window: ReportWindow = {}, options?: CallOptions): Promise<Funnel> {
    return this.admin('GET', 'funnel', { query: windowQuery(window), idempotent: true, options });
  }
  /**
   * Checkout sessions created in a window, newest first, with their payment state; `q` searches (an email's start, a
   * pincode, a session, gateway order or payment id, a phone) and `status` / `payment_method` filter.
   */
  sessions(query: SessionsQuery = {}, options?: CallOptions): Promise<SessionsPage> {
    const { from, to, ...filters } = query;
    // Every other field is sent as is, so a filter the server adds is not dropped on the way.
    const params = { ...filters, ...windowQuery({ from, to }) };
    return this.admin('GET', 'sessions', { query: params, idempotent: true, options });
  }
  /** One session as an order: payment, address and pin, gateway orders, events, webhooks; 404 `session_not_found`. */
  session(sessionId: string, options?: CallOptions): Promise<SessionView> {
    return this.admin('GET', 'session', { query: { session_id: sessionId }, idempotent: true, options });
  }
  /** Webhook delivery attempts, newest first. */
  webhookDeliveries(page: Page = {}, options?: CallOptions): Promise<WebhookDeliveriesPage> {
    return this.admin('GET', 'webhook_deliveries', { query: page, idempotent: true, options });
  }
  /** Webhook deliveries, one per event sent, newest first; `state` keeps one state (`failing`: failed or retrying). */
  webhookEvents(query: WebhookEventsQuery = {}, options?: CallOptions): Promise<WebhookEventsPage> {
    return this.admin('GET', 'webhook_events', { query, idempotent: true, options });
  }
  /** One delivery with the exact body it sends and every attempt; 404 NotFoundError `delivery_not_found`. */
  webhookDelivery(deliveryId: string, options?: CallOptions): Promise<WebhookDelivery> {
    return this.admin('GET', 'webhook_delivery', { query: { delivery_id: deliveryId }, idempotent: true, options });
  }
  getCodConfig(options?: CallOptions): Promise<CodConfig> {
    return this.admin('GET', 'cod_config', { idempotent: true, options });
  }
  getWebhooks(options?: CallOptions): Promise<WebhookSettings> {
    return this.admin('GET', 'webhooks', { idempotent: true, options });
  }
  getPaymentConfig(options?: CallOptions): Promise<PaymentConfig> {
    return this.admin('GET', 'get_payment_config', { idempotent: true, options });
  }
  getSettings(options?: CallOptions): Promise<Settings> {
    return this.admin('GET', 'settings', { idempotent: true, options });
  }
  /** An import batch with up to 100 row errors; 404 NotFoundError `batch_not_found`. */
  importStatus(batchId: string, options?: CallOptions): Promise<ImportStatus> {
    return this.admin('GET', 'import_status', { query: { batch_id: batchId }, idempotent: true, options });
  }
  /** The merchant's import batches, newest first. */
  importBatches(page: Page = {}, options?: CallOptions): Promise<ImportBatchesPage> {
    return this.admin('GET', 'import_batches', { query: page, idempotent: true, options });
  }
  /** Every error and warning of an import batch in row order, a page at a time; 404 `batch_not_found`. */
  importErrors(batchId: string, page: Page = {}, options?: CallOptions): Promise<ImportErrorsPage> {
    const query = { ...page, batch_id: batchId };
    return this.admin('GET', 'import_errors', { query, idempotent: true, options });
  }
  /** Who changed settings, keys or offers (a dashboard user or an api key), what and when; newest first. */
  auditLog(page: Page = {}, options?: CallOptions): Promise<AuditLogPage> {
    return this.admin('GET', 'audit_log', { query: page, idempotent: true, options });
  }

  // Changes (PATCH: only the fields sent change, so sending them twice is the same as once)

  updateCodConfig(changes: CodConfigUpdate, options?: CallOptions): Promise<CodConfig> {
    return this.admin('PATCH', 'cod_config', { body: changes, idempotent: true, options });
  }
  /** `webhook_url` (https, or http to loopback in dev mode) and `webhook_secret` (16..256 characters); null clears. */
  updateWebhooks(changes: WebhooksUpdate, options?: CallOptions): Promise<WebhookSettings> {
    return this.admin('PATCH', 'webhooks', { body: changes, idempotent: true, options });
  }
  /** Both gateway keys are required; `payment_enabled: false` switches to Mode A. */
  setPaymentConfig(config: PaymentConfigInput, options?: CallOptions): Promise<PaymentConfig> {
    return this.admin('PATCH', 'set_payment_config', { body: config, idempotent: true, options });
  }
  updateSettings(changes: SettingsUpdate, options?: CallOptions): Promise<Settings> {
    return this.admin('PATCH', 'settings', { body: changes, idempotent: true, options });
  }

  // Actions (POST)

  /**
   * Imports any number of customer rows in batches of at most 5,000 rows and 8 MiB (one `import_customers` request
   * each, in order), calling `onProgress` after each. Not retried after a timeout: the batch may still be running.
   */
  importCustomers(rows: readonly ImportRow[], options: ImportOptions & CallOptions = {}): Promise<ImportResult> {
    return importInBatches(rows, options, (body) =>
      this.admin<ImportBatchResult>('POST', 'import_customers', { body, idempotent: false, options: call(options) }),
    );
  }
  /** Fixes the amount `create_order` charges for a session (sets a value, so safe to repeat). */
  setSessionCart(sessionId: string, cartValuePaise: number, options?: CallOptions): Promise<SessionCart> {
    const body = { session_id: sessionId, cart_value_paise: cartValuePaise };
    return this.admin('POST', 'set_session_cart', { body, idempotent: true, options });
  }
  /** Queues a failed delivery again (a second call answers 404 `delivery_not_found`, so it is not repeated). */
  redeliverWebhook(deliveryId: string, options?: CallOptions): Promise<Redelivery> {
    return this.admin('POST', 'redeliver_webhook', { body: { delivery_id: deliveryId }, idempotent: false, options });
  }
  /**
   * Records that the merchant refunded, at its gateway, a payment that completed nothing (an order's
   * `refused_payments`): no longer due, and it never completes the order. Recording it again answers the first record.
   */
  recordRefund(gatewayPaymentId: string, refundReference?: string, options?: CallOptions): Promise<RefundRecord> {
    const body = { gateway_payment_id: gatewayPaymentId, refund_reference: refundReference ?? null };
    return this.admin('POST', 'record_refund', { body, idempotent: true, options });
  }
  /**
   * Sends every failing delivery again (failed ones from their first attempt, ones waiting to retry now), oldest first,
   * up to 500 a call: call again while `more`. Safe to repeat (a delivery made due is not taken twice).
   */
  redeliverFailing(options?: CallOptions): Promise<RedeliveredFailing> {
    return this.admin('POST', 'redeliver_failing', { idempotent: true, options });
  }
  /** Queues one `session.phone_verified` test delivery to the webhook URL; 409 ConflictError without one. */
  async testWebhook(options?: CallOptions): Promise<TestWebhookResult> {
    const { success: _, ...fields } = await this.transport.request<TestWebhookResult & { success: true }>({
      method: 'POST',
      path: '/checkout-admin',
      query: { action: 'test_webhook' },
      idempotent: false,
      ...options,
    });
    return fields;
  }

  // Offers (/checkout-offers with the merchant key)

  /** Every offer, highest priority first. */
  async listOffers(options?: CallOptions): Promise<Offer[]> {
    const body = await this.transport.request<{ data: { offers: Offer[] } }>({
      method: 'POST',
      path: '/checkout-offers',
      body: { action: 'list' },
      idempotent: true,
      ...options,
    });
    return body.data.offers;
  }
  async createOffer(offer: OfferInput, options?: CallOptions): Promise<Offer> {
    const body = await this.transport.request<{ data: Offer }>({
      method: 'POST',
      path: '/checkout-offers',
      body: { ...offer, action: 'create' },
      idempotent: false,
      ...options,
    });
    return body.data;
  }

  private async admin<T>(method: Method, action: string, spec: AdminSpec): Promise<T> {
    const { query, body, idempotent, options } = spec;
    const request = { method, path: '/checkout-admin', query: { ...query, action }, body, idempotent, ...options };
    return (await this.transport.request<{ data: T }>(request)).data;
  }
}

function windowQuery(window: ReportWindow): Query {
  const iso = (value: string | Date | undefined) => (value instanceof Date ? value.toISOString() : value);
  return { from: iso(window.from), to: iso(window.to) };
}

function call(options: CallOptions): CallOptions {
  return { timeoutMs: options.timeoutMs, signal: options.signal };
}
