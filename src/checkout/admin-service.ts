// What the merchant admin does: reports, settings, imports, session carts and webhook tests, for its own merchant only.
import type { Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import { newId } from '../kernel/ids.ts';
import type { RateCounter } from '../limits/rate-counter.ts';
import { codView, paymentView, sessionView, settingsView, webhookView } from './admin-views.ts';
import { funnelReport, STAGE_EVENTS } from './funnel-report.ts';
import type { FunnelRepository } from './funnel-repository.ts';
import { MAX_REPORTED_ERRORS } from './import-schema.ts';
import type { ImportRepository } from './import-repository.ts';
import type { ImportService } from './import-service.ts';
import type { Merchant, MerchantConfigPatch, MerchantRepository } from './merchant-repository.ts';
import type { OriginsChanged, WebhookOutbox } from './ports.ts';
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
  outbox: WebhookOutbox;
  counter: RateCounter;
  secrets: SecretBox;
  clock: Clock;
  /** Called after an outbox row committed (wakes the webhook dispatcher). */
  queued: () => void;
  /** Told after a merchant's allowed origins changed (the widget's location key follows them). */
  originsChanged?: OriginsChanged;
}

/** Test deliveries per merchant per minute: enough to debug an endpoint, too few to scan a network with. */
export const TEST_WEBHOOKS_PER_MINUTE = 10;

interface Window {
  from: string;
  to: string;
}

interface Page {
  limit: number;
  offset: number;
}

export class AdminService {
  constructor(private readonly d: AdminDeps) {}

  async funnel(merchant: Merchant, w: Window) {
    return funnelReport(await this.d.funnel.counts(merchant.id, w.from, w.to, STAGE_EVENTS), w.from, w.to);
  }

  async sessions(merchant: Merchant, q: Window & Page) {
    const { sessions, total } = await this.d.sessions.list(merchant.id, q.from, q.to, q.limit, q.offset);
    return { sessions: sessions.map(sessionView), total, limit: q.limit, offset: q.offset, from: q.from, to: q.to };
  }

  async deliveries(merchant: Merchant, page: Page) {
    return { ...(await this.d.outbox.deliveries(merchant.id, page.limit, page.offset)), ...page };
  }

  async importStatus(merchant: Merchant, batchId: string) {
    const batch = await this.d.imports.byId(merchant.id, batchId);
    if (!batch) throw new DomainError('not_found', 'batch_not_found', `No import batch ${batchId}`);
    const errors = await this.d.imports.errors(batch.id, MAX_REPORTED_ERRORS + 1);
    return {
      batch,
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
      errors_truncated: errors.length > MAX_REPORTED_ERRORS,
    };
  }

  async setCod(
    merchant: Merchant,
    patch: Pick<MerchantConfigPatch, 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>,
  ) {
    const blocked = patch.cod_blocked_pincodes && [...new Set(patch.cod_blocked_pincodes)];
    return codView(await this.d.merchants.update(merchant.id, { ...patch, cod_blocked_pincodes: blocked }));
  }

  /** A secret of null removes it; an absent field keeps its value. */
  async setWebhooks(merchant: Merchant, patch: { webhook_url?: string | null; webhook_secret?: string | null }) {
    const secret =
      patch.webhook_secret === undefined
        ? undefined
        : patch.webhook_secret && this.d.secrets.encrypt(patch.webhook_secret);
    return webhookView(
      await this.d.merchants.update(merchant.id, { webhook_url: patch.webhook_url, webhook_secret_enc: secret }),
    );
  }

  async setPaymentConfig(
    merchant: Merchant,
    config: { gateway_key_id: string; gateway_secret_key: string; payment_enabled?: boolean },
  ) {
    return paymentView(
      await this.d.merchants.update(merchant.id, {
        payment_enabled: config.payment_enabled,
        gateway_key_id: config.gateway_key_id,
        gateway_secret_enc: this.d.secrets.encrypt(config.gateway_secret_key),
      }),
    );
  }

  async setSettings(merchant: Merchant, patch: Pick<MerchantConfigPatch, 'allowed_origins' | 'courier_coverage_url'>) {
    const updated = await this.d.merchants.update(merchant.id, patch);
    if (patch.allowed_origins !== undefined) await this.d.originsChanged?.(merchant.id, updated.allowed_origins);
    return settingsView(updated);
  }

  importCustomers(merchant: Merchant, label: string | null, rows: unknown[]) {
    return this.d.importer.run(merchant.id, label, 'api', rows);
  }

  /** The cart the payment must be for; only while the session is open (see session-states.ts). */
  async setSessionCart(merchant: Merchant, sessionId: string, cartValuePaise: number) {
    const session = await this.d.sessions.byId(merchant.id, sessionId);
    if (!session) throw new DomainError('not_found', 'session_not_found', `No session ${sessionId}`);
    assertAllowed('change_cart', session.status);
    await this.d.sessions.saveCart(merchant.id, session.id, cartValuePaise, 'merchant', {
      utm_source: session.utm_source ?? undefined,
      utm_medium: session.utm_medium ?? undefined,
      utm_campaign: session.utm_campaign ?? undefined,
      utm_term: session.utm_term ?? undefined,
      utm_content: session.utm_content ?? undefined,
    });
    return { session_id: session.id, cart_value_paise: cartValuePaise, cart_value_source: 'merchant' as const };
  }

  async redeliver(merchant: Merchant, deliveryId: string) {
    if (!(await this.d.outbox.redeliver(merchant.id, deliveryId, this.d.clock()))) {
      throw new DomainError('not_found', 'delivery_not_found', `No failed delivery ${deliveryId}`);
    }
    this.d.queued();
    return { delivery_id: deliveryId, status: 'pending' as const };
  }

  /** Queues one session.phone_verified delivery with a test payload to the configured webhook_url. */
  async testWebhook(merchant: Merchant) {
    const { d } = this;
    if (!merchant.webhook_url)
      throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    const hit = await d.counter.hit(
      { scope: 'test_webhook', limit: TEST_WEBHOOKS_PER_MINUTE, windowSeconds: 60 },
      merchant.id,
    );
    if (!hit.allowed) {
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `At most ${TEST_WEBHOOKS_PER_MINUTE} test webhooks a minute`,
        { retryAfterSeconds: hit.retryAfterSeconds },
      );
    }
    const now = d.clock();
    const deliveryId = await d.sql.transaction((tx) =>
      d.outbox.enqueue(
        tx,
        {
          event: 'session.phone_verified',
          merchant_id: merchant.id,
          buyer_id: newId(),
          session_id: newId(),
          auth_channel: 'phone',
          timestamp: now.toISOString(),
          data: { phone: '+919999999999', test: true },
        },
        now,
      ),
    );
    d.queued();
    return {
      message: 'Test webhook queued; see action=webhook_deliveries for the attempt log',
      delivery_id: deliveryId,
    };
  }
}
