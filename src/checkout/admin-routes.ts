// /checkout-admin?action=…: merchant configuration, reports and imports, authenticated by x-api-key (own merchant only).
import type { TemplatedApp } from 'uWebSockets.js';
import { HttpError } from '../server/http-error.ts';
import { route, type Method, type RequestContext } from '../server/http.ts';
import { listWebhookDeliveries } from '../webhooks/delivery-log.ts';
import { wakeWebhookDispatcher } from '../webhooks/start.ts';
import { queueTestWebhook } from '../webhooks/test-webhook.ts';
import { CodPatchSchema, PageSchema, PaymentConfigSchema, settingsPatchSchema, webhookPatchSchema, WindowSchema } from './admin-schema.ts';
import { merchantFromApiKey } from './auth.ts';
import { funnelReport } from './funnel-report.ts';
import { ImportRequestSchema, MAX_IMPORT_ROWS } from './import-schema.ts';
import type { Merchant } from './merchant-repository.ts';
import type { CheckoutModule } from './module.ts';
import { publicSession } from './public-session.ts';

/** Import bodies: 5000 rows of a few hundred bytes each fit comfortably. */
const IMPORT_MAX_BODY_BYTES = 8 << 20;

type AdminHandler = (m: CheckoutModule, merchant: Merchant, req: RequestContext) => unknown;

/** A handler result with a top-level message beside data (test_webhook answers {success, message}). */
class Notice {
  constructor(readonly message: string, readonly data: unknown) {}
}

const GET: Record<string, AdminHandler> = {
  funnel: (m, merchant, req) => {
    const w = WindowSchema.parse(query(req, 'from', 'to'));
    return funnelReport(m.funnel.counts(merchant.id, w.from, w.to), w.from, w.to);
  },
  sessions: (m, merchant, req) => {
    const w = WindowSchema.parse(query(req, 'from', 'to'));
    const p = PageSchema.parse(query(req, 'limit', 'offset'));
    const { sessions, total } = m.sessions.list(merchant.id, w.from, w.to, p.limit, p.offset);
    return { sessions: sessions.map(publicSession), total, limit: p.limit, offset: p.offset, from: w.from, to: w.to };
  },
  webhook_deliveries: (m, merchant, req) => {
    const p = PageSchema.parse(query(req, 'limit', 'offset'));
    return listWebhookDeliveries(m.ctx.db, merchant.id, p.limit, p.offset);
  },
  webhooks: (_m, merchant) => webhookView(merchant),
  cod_config: (_m, merchant) => codView(merchant),
  get_payment_config: (_m, merchant) => paymentView(merchant),
  import_status: (m, merchant, req) => {
    const batchId = req.query.get('batch_id');
    if (!batchId) throw new HttpError(400, 'invalid_request', 'batch_id query parameter is required');
    const batch = m.imports.byId(merchant.id, batchId);
    if (!batch) throw new HttpError(404, 'batch_not_found', `No import batch ${batchId}`);
    const errors = m.imports.errors(batch.id, 101);
    return { batch, errors: errors.slice(0, 100), errors_truncated: errors.length > 100 };
  },
  settings: (_m, merchant) => settingsView(merchant),
};

const PATCH: Record<string, AdminHandler> = {
  settings: (m, merchant, req) => {
    const body = settingsPatchSchema(m.ctx.config.devMode).parse(req.json());
    const next = { ...merchant, ...body };
    m.merchants.saveSettings(next);
    return settingsView(next);
  },
  cod_config: (m, merchant, req) => {
    const body = CodPatchSchema.parse(req.json());
    const next = { ...merchant, ...body, cod_blocked_pincodes: [...new Set(body.cod_blocked_pincodes ?? merchant.cod_blocked_pincodes)] };
    m.merchants.saveCod(next);
    return codView(next);
  },
  webhooks: (m, merchant, req) => {
    const body = webhookPatchSchema(m.ctx.config.devMode).parse(req.json());
    const secret = body.webhook_secret === undefined ? merchant.webhook_secret_enc : body.webhook_secret && m.secrets.encrypt(body.webhook_secret);
    const next = { ...merchant, webhook_url: body.webhook_url === undefined ? merchant.webhook_url : body.webhook_url, webhook_secret_enc: secret };
    m.merchants.saveWebhook(next);
    return webhookView(next);
  },
  set_payment_config: (m, merchant, req) => {
    const body = PaymentConfigSchema.parse(req.json());
    const next = { ...merchant, payment_enabled: body.payment_enabled, gateway_key_id: body.gateway_key_id, gateway_secret_enc: m.secrets.encrypt(body.gateway_secret_key) };
    m.merchants.savePayment(next);
    return paymentView(next);
  },
};

const POST: Record<string, AdminHandler> = {
  import_customers: (m, merchant, req) => {
    const raw = req.json() as { rows?: unknown } | undefined;
    if (raw && Array.isArray(raw.rows) && raw.rows.length > MAX_IMPORT_ROWS) {
      throw new HttpError(400, 'too_many_rows', `rows has ${raw.rows.length} entries; at most ${MAX_IMPORT_ROWS} per request`);
    }
    const body = ImportRequestSchema.parse(raw);
    return m.importer.run(merchant.id, body.batch_label ?? null, body.rows);
  },
  test_webhook: (m, merchant) => {
    if (!merchant.webhook_url) throw new HttpError(400, 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    const { message, delivery_id } = queueTestWebhook(m.ctx.db, merchant.id);
    wakeWebhookDispatcher(m.ctx);
    return new Notice(message, { delivery_id });
  },
};

/** Every action per method, as the handler tables define them. */
export const ADMIN_ACTIONS = { get: Object.keys(GET), patch: Object.keys(PATCH), post: Object.keys(POST) };

/** Registers GET, PATCH and POST /checkout-admin. */
export function registerAdminRoutes(app: TemplatedApp, m: CheckoutModule): void {
  const table: Array<[Method & keyof typeof ADMIN_ACTIONS, Record<string, AdminHandler>, number | undefined]> = [
    ['get', GET, undefined],
    ['patch', PATCH, undefined],
    ['post', POST, IMPORT_MAX_BODY_BYTES],
  ];
  for (const [method, handlers, maxBodyBytes] of table) {
    route(app, method, '/checkout-admin', (req) => {
      const merchant = merchantFromApiKey(req, m.merchants);
      const action = req.query.get('action') ?? '';
      const handler = Object.hasOwn(handlers, action) ? handlers[action] : undefined;
      if (!handler) {
        throw new HttpError(400, 'unknown_action', `action for ${method.toUpperCase()} must be one of ${ADMIN_ACTIONS[method].join(', ')}`);
      }
      const result = handler(m, merchant, req);
      return { body: result instanceof Notice ? { success: true, message: result.message, data: result.data } : { success: true, data: result } };
    }, { maxBodyBytes });
  }
}

function query(req: RequestContext, ...keys: string[]): Record<string, string | undefined> {
  return Object.fromEntries(keys.map((k) => [k, req.query.get(k) ?? undefined]));
}

function settingsView(m: Pick<Merchant, 'allowed_origins' | 'courier_coverage_url'>) {
  return { allowed_origins: m.allowed_origins, courier_coverage_url: m.courier_coverage_url };
}

function codView(m: Pick<Merchant, 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>) {
  return { enable_cod: m.enable_cod, cod_max_cart_value_paise: m.cod_max_cart_value_paise, cod_blocked_pincodes: m.cod_blocked_pincodes };
}

/** The secret is write-only: only whether it is set. */
function webhookView(m: Pick<Merchant, 'webhook_url' | 'webhook_secret_enc'>) {
  return { webhook_url: m.webhook_url, secret_set: m.webhook_secret_enc !== null };
}

function paymentView(m: Pick<Merchant, 'payment_enabled' | 'gateway_key_id' | 'gateway_secret_enc'>) {
  return { payment_enabled: m.payment_enabled, gateway_key_id_set: m.gateway_key_id !== null, gateway_secret_key_set: m.gateway_secret_enc !== null };
}
