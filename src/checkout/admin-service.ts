// What the merchant admin does: reports, settings, imports, session carts and webhook tests, for its own merchant only.
import type { Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import { changesOf, type AuditLog, type Changes, type MerchantPrincipal } from './audit-log.ts';
import { codView, paymentView, sessionView, settingsView, webhookView } from './admin-views.ts';
import { funnelReport } from './funnel-report.ts';
import type { FunnelRepository } from './funnel-repository.ts';
import type { SessionFunnel } from './session-funnel.ts';
import type { Merchant, MerchantConfigPatch, MerchantRepository } from './merchant-repository.ts';
import type { OriginsChanged } from './ports.ts';
import type { SecretBox } from './secrets.ts';
import type { OrderPage } from './order-page.ts';
import type { SessionRepository } from './session-repository.ts';
import type { SessionFilter, SessionSearch } from './session-search.ts';
import { assertAllowed } from './session-states.ts';

export interface AdminDeps {
  sql: Sql;
  merchants: MerchantRepository;
  sessions: SessionRepository;
  search: SessionSearch;
  orders: OrderPage;
  funnel: FunnelRepository;
  sessionFunnel: SessionFunnel;
  secrets: SecretBox;
  audit: AuditLog;
  clock: Clock;
  /** Told after a merchant's allowed origins changed (the widget's location key follows them). */
  originsChanged?: OriginsChanged;
  /** Whether a pincode is in the India Post directory (an address needs one that is). */
  pincodeExists: (pincode: string) => boolean;
}

interface Window {
  from: string;
  to: string;
}

interface Page {
  limit: number;
  offset: number;
}

/** A secret in the audit log: never its value, only whether it was set, replaced or removed. */
function secretChange(field: string, before: string | null, sent: string | null | undefined): Changes {
  if (sent === undefined || sent === before) return {};
  const was = before === null ? 'not set' : 'set';
  return { [field]: { from: was, to: sent === null ? 'removed' : before === null ? 'set' : 'replaced' } };
}

export class AdminService {
  constructor(private readonly d: AdminDeps) {}

  /** The widget's funnel events, and beside them the funnel and UTM rows counted from sessions and payments. */
  async funnel(merchant: Merchant, w: Window) {
    const [counts, sessions] = await Promise.all([
      this.d.funnel.counts(merchant.id, w.from, w.to),
      this.d.sessionFunnel.report(merchant.id, w.from, w.to),
    ]);
    return { ...funnelReport(counts, sessions.statuses, w.from, w.to), from_sessions: sessions.fromSessions };
  }

  async sessions(merchant: Merchant, q: SessionFilter & Page) {
    const { sessions, total } = await this.d.search.list(merchant.id, q, q.limit, q.offset);
    return { sessions: sessions.map(sessionView), total, limit: q.limit, offset: q.offset, from: q.from, to: q.to };
  }

  /** One session as its order page shows it. */
  order(merchant: Merchant, sessionId: string) {
    return this.d.orders.of(merchant, sessionId);
  }

  async setCod(
    merchant: MerchantPrincipal,
    patch: Pick<MerchantConfigPatch, 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>,
  ) {
    const blocked = patch.cod_blocked_pincodes && [...new Set(patch.cod_blocked_pincodes)];
    // No buyer's address can hold a pincode the directory lacks: blocking one is a typo the owner should see.
    const unknown = blocked?.filter((p) => !this.d.pincodeExists(p)) ?? [];
    if (unknown.length > 0) {
      const named = `${unknown.slice(0, 20).join(', ')}${unknown.length > 20 ? ', …' : ''}`;
      const message = `not in the India Post directory: ${named}`;
      throw new DomainError('invalid', 'invalid_request', `cod_blocked_pincodes: ${message}`, {
        details: { issues: [{ path: 'cod_blocked_pincodes', message }], unknown_pincodes: unknown },
      });
    }
    const after = await this.change(merchant, 'cod_config', { ...patch, cod_blocked_pincodes: blocked }, (m) =>
      changesOf(codView(merchant), codView(m), Object.keys(codView(m))),
    );
    return codView(after);
  }

  /** A secret of null removes it; an absent field keeps its value. */
  async setWebhooks(
    merchant: MerchantPrincipal,
    patch: { webhook_url?: string | null; webhook_secret?: string | null },
  ) {
    const secret =
      patch.webhook_secret === undefined
        ? undefined
        : patch.webhook_secret && this.d.secrets.encrypt(patch.webhook_secret);
    const before = merchant.webhook_secret_enc && this.d.secrets.decrypt(merchant.webhook_secret_enc);
    const after = await this.change(
      merchant,
      'webhooks',
      { webhook_url: patch.webhook_url, webhook_secret_enc: secret },
      (m) => ({
        ...changesOf(merchant, m, ['webhook_url']),
        ...secretChange('webhook_secret', before, patch.webhook_secret),
      }),
    );
    return webhookView(after);
  }

  async setPaymentConfig(
    merchant: MerchantPrincipal,
    config: { gateway_key_id: string; gateway_secret_key: string; payment_enabled?: boolean },
  ) {
    const before = merchant.gateway_secret_enc && this.d.secrets.decrypt(merchant.gateway_secret_enc);
    const patch = {
      payment_enabled: config.payment_enabled,
      gateway_key_id: config.gateway_key_id,
      gateway_secret_enc: this.d.secrets.encrypt(config.gateway_secret_key),
    };
    const after = await this.change(merchant, 'set_payment_config', patch, (m) => ({
      ...changesOf(merchant, m, ['gateway_key_id', 'payment_enabled']),
      ...secretChange('gateway_secret_key', before, config.gateway_secret_key),
    }));
    return paymentView(after);
  }

  async setSettings(
    merchant: MerchantPrincipal,
    patch: Pick<MerchantConfigPatch, 'allowed_origins' | 'courier_coverage_url' | 'payment_enabled'>,
  ) {
    if (patch.payment_enabled && (merchant.gateway_key_id === null || merchant.gateway_secret_enc === null))
      throw new DomainError(
        'conflict',
        'payment_keys_required',
        'Online payment needs the gateway key id and secret: send them with set_payment_config',
      );
    const after = await this.change(merchant, 'settings', patch, (m) =>
      changesOf(settingsView(merchant), settingsView(m), [
        'allowed_origins',
        'courier_coverage_url',
        'payment_enabled',
      ]),
    );
    if (patch.allowed_origins !== undefined) await this.d.originsChanged?.(merchant.id, after.allowed_origins);
    return settingsView(after);
  }

  /** Who changed what, newest first. */
  async auditLog(merchant: Merchant, page: Page) {
    return { ...(await this.d.audit.list(merchant.id, page.limit, page.offset)), ...page };
  }

  /** Applies `patch` and records what it changed in the audit log, in one transaction. */
  private change(
    merchant: MerchantPrincipal,
    action: string,
    patch: MerchantConfigPatch,
    changes: (after: Merchant) => Changes,
  ): Promise<Merchant> {
    return this.d.sql.transaction(async (tx) => {
      const after = await this.d.merchants.in(tx).update(merchant.id, patch);
      await this.d.audit.in(tx).record(merchant.id, merchant.actor, action, null, changes(after));
      return after;
    });
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
}
