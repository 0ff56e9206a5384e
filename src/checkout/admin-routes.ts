// /checkout-admin?action=…: merchant configuration, reports, imports and test webhooks, with the merchant api key (own merchant only).
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import { newId } from '../kernel/ids.ts';
import type { Sql } from '../db/sql.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import type { RateCounter } from '../limits/rate-counter.ts';
import { enqueueWebhook, type OutboxRepository } from '../webhooks/outbox-repository.ts';
import {
  CodPatchSchema, ImportStatusQuerySchema, PageSchema, pagedWindowSchema, PaymentConfigSchema, RedeliverSchema, SessionCartSchema,
  settingsPatchSchema, webhookPatchSchema, windowSchema,
} from './admin-schema.ts';
import { codView, paymentView, sessionView, settingsView, webhookView } from './admin-views.ts';
import { funnelReport, STAGE_EVENTS } from './funnel-report.ts';
import type { FunnelRepository } from './funnel-repository.ts';
import { ImportRequestSchema, MAX_REPORTED_ERRORS } from './import-schema.ts';
import type { ImportRepository } from './import-repository.ts';
import type { ImportService } from './import-service.ts';
import type { Merchant, MerchantRepository } from './merchant-repository.ts';
import {
  CodViewSchema, DeliveriesPageSchema, FunnelReportSchema, ImportResultSchema, ImportStatusSchema, PaymentViewSchema, RedeliveredSchema,
  SessionCartViewSchema, SessionsPageSchema, SettingsViewSchema, TestWebhookSchema, WebhookViewSchema,
} from './responses.ts';
import type { SecretBox } from './secrets.ts';
import type { SessionRepository } from './session-repository.ts';
import { assertAllowed } from './session-states.ts';

export interface AdminDeps {
  sql: Sql;
  merchants: MerchantRepository;
  sessions: SessionRepository;
  funnel: FunnelRepository;
  imports: ImportRepository;
  importer: ImportService;
  outbox: OutboxRepository;
  counter: RateCounter;
  secrets: SecretBox;
  clock: Clock;
  /** Which webhook and courier URLs may be saved. */
  egress: EgressPolicy;
  /** Called after an outbox row committed (wakes the webhook dispatcher). */
  queued(): void;
}

/** Test deliveries per merchant per minute: enough to debug an endpoint, too few to scan a network with. */
const TEST_WEBHOOKS_PER_MINUTE = 10;
/** 5000 rows of a few hundred bytes fit comfortably; read only after the key was checked. */
const IMPORT_MAX_BODY_BYTES = 8 << 20;
/** Room for the most blocked pincodes cod_config takes (20,000 of 9 bytes each in JSON). */
const COD_MAX_BODY_BYTES = 256 * 1024;
const PATH = '/checkout-admin';
/** The merchant's server with its api key, or a signed-in user of the merchant dashboard (same principal: the merchant). */
export const MERCHANT_AUTH = ['merchant_key', 'merchant_user'] as const;

export function adminRoutes(d: AdminDeps): RouteDef[] {
  const route = routesWith<Merchant>();
  const get = (name: string) => ({ method: 'get' as const, path: PATH, action: { name, in: 'query' as const }, auth: MERCHANT_AUTH, tag: 'checkout-admin' });
  const patch = (name: string) => ({ ...get(name), method: 'patch' as const });
  const post = (name: string) => ({ ...get(name), method: 'post' as const });
  const window = windowSchema(d.clock);
  const pagedWindow = pagedWindowSchema(d.clock);
  return [
    route({
      ...get('funnel'), query: window, response: FunnelReportSchema,
      summary: 'Funnel counts per event, step and stage in a window (default: the last 30 days).',
      handle: async ({ auth, query }) => funnelReport(await d.funnel.counts(auth.id, query.from, query.to, STAGE_EVENTS), query.from, query.to),
    }),
    route({
      ...get('sessions'), query: pagedWindow,
      response: SessionsPageSchema, summary: 'Checkout sessions created in a window, newest first, with payment state.',
      handle: async ({ auth, query }) => {
        const { sessions, total } = await d.sessions.list(auth.id, query.from, query.to, query.limit, query.offset);
        return { sessions: sessions.map(sessionView), total, limit: query.limit, offset: query.offset, from: query.from, to: query.to };
      },
    }),
    route({
      ...get('webhook_deliveries'), query: PageSchema, response: DeliveriesPageSchema,
      summary: 'Recent delivery attempts (HTTP status, response body, retry state), newest first.',
      handle: async ({ auth, query }) => ({ ...(await d.outbox.deliveries(auth.id, query.limit, query.offset)), limit: query.limit, offset: query.offset }),
    }),
    route({ ...get('cod_config'), response: CodViewSchema, summary: 'Cash-on-delivery rules.', handle: ({ auth }) => codView(auth) }),
    route({ ...get('webhooks'), response: WebhookViewSchema, summary: 'Webhook settings (the secret is write-only).', handle: ({ auth }) => webhookView(auth) }),
    route({ ...get('get_payment_config'), response: PaymentViewSchema, summary: 'Gateway settings (the secret is never returned).', handle: ({ auth }) => paymentView(auth) }),
    route({ ...get('settings'), response: SettingsViewSchema, summary: 'Browser origins and the courier coverage endpoint.', handle: ({ auth }) => settingsView(auth) }),
    route({
      ...get('import_status'), query: ImportStatusQuerySchema, response: ImportStatusSchema, errors: { 404: 'No import batch with this id' },
      summary: `An import batch with up to ${MAX_REPORTED_ERRORS} row errors (errors_truncated when there are more).`,
      handle: async ({ auth, query }) => {
        const batch = await d.imports.byId(auth.id, query.batch_id);
        if (!batch) throw new DomainError('not_found', 'batch_not_found', `No import batch ${query.batch_id}`);
        const errors = await d.imports.errors(batch.id, MAX_REPORTED_ERRORS + 1);
        return { batch, errors: errors.slice(0, MAX_REPORTED_ERRORS), errors_truncated: errors.length > MAX_REPORTED_ERRORS };
      },
    }),
    route({
      ...patch('cod_config'), body: CodPatchSchema, response: CodViewSchema, maxBodyBytes: COD_MAX_BODY_BYTES, summary: 'Changes the fields sent; none is required.',
      handle: async ({ auth, body }) => {
        const blocked = body.cod_blocked_pincodes && [...new Set(body.cod_blocked_pincodes)];
        return codView(await d.merchants.update(auth.id, { ...body, cod_blocked_pincodes: blocked }));
      },
    }),
    route({
      ...patch('webhooks'), body: webhookPatchSchema(d.egress), response: WebhookViewSchema, summary: 'Changes the fields sent; none is required.',
      handle: async ({ auth, body }) => {
        const secret = body.webhook_secret === undefined ? undefined : body.webhook_secret && d.secrets.encrypt(body.webhook_secret);
        return webhookView(await d.merchants.update(auth.id, { webhook_url: body.webhook_url, webhook_secret_enc: secret }));
      },
    }),
    route({
      ...patch('set_payment_config'), body: PaymentConfigSchema, response: PaymentViewSchema,
      summary: 'Stores the gateway key id and secret (encrypted at rest); both are required.',
      handle: async ({ auth, body }) => paymentView(await d.merchants.update(auth.id, {
        payment_enabled: body.payment_enabled, gateway_key_id: body.gateway_key_id, gateway_secret_enc: d.secrets.encrypt(body.gateway_secret_key),
      })),
    }),
    route({
      ...patch('settings'), body: settingsPatchSchema(d.egress), response: SettingsViewSchema, summary: 'Changes the fields sent; none is required.',
      handle: async ({ auth, body }) => settingsView(await d.merchants.update(auth.id, body)),
    }),
    route({
      ...post('import_customers'), body: ImportRequestSchema, response: ImportResultSchema, maxBodyBytes: IMPORT_MAX_BODY_BYTES, waits: true,
      summary: 'Imports 1..5000 customer rows (buyers and addresses); each row succeeds or fails on its own.',
      handle: ({ auth, body }) => d.importer.run(auth.id, body.batch_label ?? null, 'api', body.rows),
    }),
    route({
      ...post('set_session_cart'), body: SessionCartSchema, response: SessionCartViewSchema, errors: { 404: 'No such session', 409: 'The session is paid or abandoned' },
      summary: "Sets a session's cart value from the merchant's server: create_order charges exactly this amount.",
      handle: async ({ auth, body }) => {
        const session = await d.sessions.byId(auth.id, body.session_id);
        if (!session) throw new DomainError('not_found', 'session_not_found', `No session ${body.session_id}`);
        assertAllowed('change_cart', session.status);
        await d.sessions.saveCart(auth.id, session.id, body.cart_value_paise, 'merchant', {
          utm_source: session.utm_source ?? undefined, utm_medium: session.utm_medium ?? undefined, utm_campaign: session.utm_campaign ?? undefined,
          utm_term: session.utm_term ?? undefined, utm_content: session.utm_content ?? undefined,
        });
        return { session_id: session.id, cart_value_paise: body.cart_value_paise, cart_value_source: 'merchant' as const };
      },
    }),
    route({
      ...post('redeliver_webhook'), body: RedeliverSchema, response: RedeliveredSchema, errors: { 404: 'No failed delivery with this id' },
      summary: 'Queues a failed delivery again, with its original payload and delivery id.',
      handle: async ({ auth, body }) => {
        if (!(await d.outbox.redeliver(auth.id, body.delivery_id, d.clock()))) {
          throw new DomainError('not_found', 'delivery_not_found', `No failed delivery ${body.delivery_id}`);
        }
        d.queued();
        return { delivery_id: body.delivery_id, status: 'pending' as const };
      },
    }),
    route({
      ...post('test_webhook'), envelope: 'fields', response: TestWebhookSchema,
      errors: { 409: 'No webhook_url configured', 429: `More than ${TEST_WEBHOOKS_PER_MINUTE} test deliveries a minute` },
      summary: 'Queues one session.phone_verified delivery with a test payload to the configured webhook_url.',
      handle: async ({ auth }) => {
        if (!auth.webhook_url) throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
        const hit = await d.counter.hit({ scope: 'test_webhook', limit: TEST_WEBHOOKS_PER_MINUTE, windowSeconds: 60 }, auth.id);
        if (!hit.allowed) throw new DomainError('rate_limited', 'rate_limited', `At most ${TEST_WEBHOOKS_PER_MINUTE} test webhooks a minute`, { retryAfterSeconds: hit.retryAfterSeconds });
        const now = d.clock();
        const deliveryId = await d.sql.transaction((tx) => enqueueWebhook(tx, {
          event: 'session.phone_verified', merchant_id: auth.id, buyer_id: newId(), session_id: newId(), auth_channel: 'phone',
          timestamp: now.toISOString(), data: { phone: '+919999999999', test: true },
        }, now));
        d.queued();
        return { message: 'Test webhook queued; see action=webhook_deliveries for the attempt log', delivery_id: deliveryId };
      },
    }),
  ];
}
