// /checkout-admin?action=…: each action parses its input, calls the admin service for the caller's own merchant, and answers.
import type { Clock } from '../kernel/clock.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import { routesWith, type RouteDef } from '../http/route.ts';
import {
  CodPatchSchema,
  PageSchema,
  SessionIdQuerySchema,
  sessionsQuerySchema,
  PaymentConfigSchema,
  SessionCartSchema,
  settingsPatchSchema,
  webhookPatchSchema,
  windowSchema,
} from './admin-schema.ts';
import type { AdminService } from './admin-service.ts';
import { codView, paymentView, settingsView, webhookView } from './admin-views.ts';
import { FunnelReportSchema } from './funnel-responses.ts';
import { OrderPageSchema } from './order-responses.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import {
  AuditPageSchema,
  CodViewSchema,
  PaymentViewSchema,
  SessionCartViewSchema,
  SessionsPageSchema,
  SettingsViewSchema,
  WebhookViewSchema,
} from './responses.ts';

export interface AdminRouteDeps {
  service: AdminService;
  clock: Clock;
  /** Which webhook and courier URLs may be saved. */
  egress: EgressPolicy;
}

/** Room for the most blocked pincodes cod_config takes (20,000 of 9 bytes each in JSON). */
const COD_MAX_BODY_BYTES = 256 * 1024;
const PATH = '/checkout-admin';
/** The merchant's server with its api key, or a signed-in user of the merchant dashboard (same principal: the merchant). */
export const MERCHANT_AUTH = ['merchant_key', 'merchant_user'] as const;

/** What every `/checkout-admin?action=name` route shares: its path, action, credentials and tag. */
export function adminAction<M extends 'get' | 'post' | 'patch'>(method: M, name: string) {
  return { method, path: PATH, action: { name, in: 'query' as const }, auth: MERCHANT_AUTH, tag: 'checkout-admin' };
}

export function adminRoutes(d: AdminRouteDeps): RouteDef[] {
  const admin = d.service;
  const route = routesWith<MerchantPrincipal>();
  const get = (name: string) => adminAction('get', name);
  const patch = (name: string) => adminAction('patch', name);
  const post = (name: string) => adminAction('post', name);
  const window = windowSchema(d.clock);
  const sessionsQuery = sessionsQuerySchema(d.clock);
  return [
    route({
      ...get('funnel'),
      query: window,
      response: FunnelReportSchema,
      summary: 'Funnel counts per event, step and stage in a window (default: the last 30 days).',
      handle: ({ auth, query }) => admin.funnel(auth, query),
    }),
    route({
      ...get('sessions'),
      query: sessionsQuery,
      response: SessionsPageSchema,
      summary:
        'Checkout sessions created in a window, newest first, with payment state and who and where each ships to; ' +
        'searched by name, email, phone, pincode or id and filtered by status and payment method.',
      handle: ({ auth, query }) => admin.sessions(auth, query),
    }),
    route({
      ...get('session'),
      query: SessionIdQuerySchema,
      response: OrderPageSchema,
      errors: { 404: 'No session with this id' },
      summary:
        'One session as an order: its payment, chosen address with its pin, gateway orders, widget events, ' +
        'webhooks with every attempt, and all of it as one timeline.',
      handle: ({ auth, query }) => admin.order(auth, query.session_id),
    }),
    route({
      ...get('cod_config'),
      response: CodViewSchema,
      summary: 'Cash-on-delivery rules.',
      handle: ({ auth }) => codView(auth),
    }),
    route({
      ...get('webhooks'),
      response: WebhookViewSchema,
      summary: 'Webhook settings (the secret is write-only).',
      handle: ({ auth }) => webhookView(auth),
    }),
    route({
      ...get('get_payment_config'),
      response: PaymentViewSchema,
      summary: 'Gateway settings (the secret is never returned).',
      handle: ({ auth }) => paymentView(auth),
    }),
    route({
      ...get('settings'),
      response: SettingsViewSchema,
      summary: 'Browser origins and the courier coverage endpoint.',
      handle: ({ auth }) => settingsView(auth),
    }),
    route({
      ...get('audit_log'),
      query: PageSchema,
      response: AuditPageSchema,
      summary: 'Who changed settings, keys or offers (a dashboard user or an api key), what and when; newest first.',
      handle: ({ auth, query }) => admin.auditLog(auth, query),
    }),
    route({
      ...patch('cod_config'),
      body: CodPatchSchema,
      response: CodViewSchema,
      maxBodyBytes: COD_MAX_BODY_BYTES,
      summary: 'Changes the fields sent; none is required.',
      handle: ({ auth, body }) => admin.setCod(auth, body),
    }),
    route({
      ...patch('webhooks'),
      body: webhookPatchSchema(d.egress),
      response: WebhookViewSchema,
      summary: 'Changes the fields sent; none is required.',
      handle: ({ auth, body }) => admin.setWebhooks(auth, body),
    }),
    route({
      ...patch('set_payment_config'),
      body: PaymentConfigSchema,
      response: PaymentViewSchema,
      summary: 'Stores the gateway key id and secret (encrypted at rest); both are required.',
      handle: ({ auth, body }) => admin.setPaymentConfig(auth, body),
    }),
    route({
      ...patch('settings'),
      body: settingsPatchSchema(d.egress),
      response: SettingsViewSchema,
      errors: { 409: 'payment_enabled true without gateway keys (payment_keys_required)' },
      summary: 'Changes the fields sent; none is required.',
      handle: ({ auth, body }) => admin.setSettings(auth, body),
    }),
    route({
      ...post('set_session_cart'),
      body: SessionCartSchema,
      response: SessionCartViewSchema,
      errors: { 404: 'No such session', 409: 'The session is paid or abandoned' },
      summary: "Sets a session's cart value from the merchant's server: create_order charges exactly this amount.",
      handle: ({ auth, body }) => admin.setSessionCart(auth, body.session_id, body.cart_value_paise),
    }),
  ];
}
