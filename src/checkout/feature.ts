// The checkout service feature: repositories and services over the store, its routes, authenticators and the ports others use.
import type { Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import type { Sql } from '../db/sql.ts';
import type { PostalDirectory } from './ports.ts';
import type { Authenticator, RouteDef } from '../http/route.ts';
import { RateCounter } from '../limits/rate-counter.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import { AddressRepository } from './address-repository.ts';
import { addressRoutes } from './address-routes.ts';
import { AddressService, type SessionContext } from './address-service.ts';
import { adminRoutes } from './admin-routes.ts';
import { AuditLog, type MerchantPrincipal } from './audit-log.ts';
import { AdminService } from './admin-service.ts';
import { merchantKeyAuth, sessionAuth } from './auth.ts';
import { BuyerRepository } from './buyer-repository.ts';
import { buyerRoutes } from './buyer-routes.ts';
import { DeliveryAddresses } from './delivery-addresses.ts';
import { FunnelRepository } from './funnel-repository.ts';
import { STAGE_EVENTS } from './funnel-report.ts';
import { DEFAULT_FUNNEL_LIMITS, FunnelService, type FunnelLimits } from './funnel-service.ts';
import { ImportRepository } from './import-repository.ts';
import { ImportService } from './import-service.ts';
import { ImportAdmin } from './import-admin.ts';
import { importRoutes } from './import-routes.ts';
import { MerchantKeys } from './merchant-keys.ts';
import { MerchantRepository } from './merchant-repository.ts';
import { OfferRepository } from './offer-repository.ts';
import { OfferAdmin } from './offer-admin.ts';
import { offerRoutes } from './offer-routes.ts';
import { OtpRepository } from './otp-repository.ts';
import type { OtpPolicy } from './otp-policy.ts';
import { OtpService } from './otp-service.ts';
import { paymentHooks } from './payment-hooks.ts';
import type { OriginsChanged, WebhookOutbox, WebhookTarget } from './ports.ts';
import type { SecretBox } from './secrets.ts';
import { OrderPage } from './order-page.ts';
import { RefundRecords } from './refund-records.ts';
import { refundRoutes } from './refund-routes.ts';
import { SessionRepository } from './session-repository.ts';
import { SessionFunnel } from './session-funnel.ts';
import { SessionSearch } from './session-search.ts';
import { WebhookAdmin } from './webhook-admin.ts';
import { webhookAdminRoutes } from './webhook-admin-routes.ts';

export interface CheckoutConfig {
  /** What merchant-supplied URLs (webhooks, courier coverage) may reach, on save and on every call. */
  egress: EgressPolicy;
  /** Reverse proxies whose X-Forwarded-For is believed for the buyer's address. */
  trustProxyHops: number;
  courierTimeoutMs: number;
  otp: OtpPolicy;
  funnel?: FunnelLimits;
}

export interface CheckoutDeps {
  sql: Sql;
  location: PostalDirectory;
  mailer: Mailer;
  secrets: SecretBox;
  clock: Clock;
  config: CheckoutConfig;
  /** This process's node id: it owns the import batches it runs. */
  nodeId: string;
  /** Where checkout's webhook events go (the webhooks feature). */
  outbox: WebhookOutbox;
  /** Wakes the webhook dispatcher after an outbox row committed. */
  queued: () => void;
  log: Log;
  onOtpSend?: (result: 'mailed' | 'reused' | 'refused') => void;
  /** Told after a merchant's allowed origins changed through the admin API (the checkout widget's key follows). */
  originsChanged?: OriginsChanged;
}

export interface Checkout {
  routes: RouteDef[];
  authenticators: { merchant_key: Authenticator<MerchantPrincipal>; session: Authenticator<SessionContext> };
  merchants: MerchantRepository;
  /** The merchant's api keys as its dashboard lists and rotates them (audited). */
  merchantKeys: MerchantKeys;
  /** Email one-time codes; the dashboards sign their users in with it under their own scopes. */
  otp: OtpService;
  /** What payments reads of checkout. */
  /** What payments asks of checkout (its CheckoutPorts). */
  paymentPorts: ReturnType<typeof paymentHooks>;
  /** Where a merchant's webhooks go, the secret decrypted; null for an unknown merchant. */
  webhookTarget(merchantId: string): Promise<WebhookTarget | null>;
  /** Whether the merchant has a webhook_url, read with the transaction `tx` (the outbox queues with it). */
  hasWebhook(tx: Sql, merchantId: string): Promise<boolean>;
  /** Fails import batches whose node stopped beating before `staleBefore`. */
  failOrphanImports(staleBefore: string): Promise<number>;
}

export function createCheckout(deps: CheckoutDeps): Checkout {
  const { sql, clock, config } = deps;
  const merchants = new MerchantRepository(sql, clock);
  const sessions = new SessionRepository(sql, deps.outbox);
  const addresses = new AddressRepository(sql, clock);
  const buyers = new BuyerRepository(sql, clock);
  const imports = new ImportRepository(sql, clock);
  const counter = new RateCounter(sql, clock);
  const book = new AddressService({ addresses, sessions, location: deps.location, clock, queued: deps.queued });
  const otp = new OtpService({
    sql,
    otps: new OtpRepository(sql),
    buyers,
    sessions,
    secrets: deps.secrets,
    mailer: deps.mailer,
    counter,
    outbox: deps.outbox,
    clock,
    policy: config.otp,
    queued: deps.queued,
    log: deps.log.child({ component: 'otp' }),
    onSend: deps.onOtpSend,
  });
  const importer = new ImportService({ sql, imports, buyers, addresses, location: deps.location, nodeId: deps.nodeId });
  const funnel = new FunnelRepository(sql, STAGE_EVENTS);
  const audit = new AuditLog(sql, clock, deps.log.child({ component: 'audit' }));
  const search = new SessionSearch(sql, clock);
  const offers = new OfferRepository(sql, clock);
  const deliveries = new DeliveryAddresses(sql);
  const orders = new OrderPage({ search, addresses, deliveries, outbox: deps.outbox, location: deps.location });
  const routes = [
    ...adminRoutes({
      service: new AdminService({
        sql,
        merchants,
        sessions,
        search,
        orders,
        funnel,
        sessionFunnel: new SessionFunnel(sql, clock),
        secrets: deps.secrets,
        audit,
        clock,
        originsChanged: deps.originsChanged,
        pincodeExists: (pincode) => deps.location.pincodeFacts(pincode) !== null,
      }),
      clock,
      egress: config.egress,
    }),
    ...importRoutes(new ImportAdmin(imports, importer)),
    ...refundRoutes(new RefundRecords(sql, audit, clock)),
    ...webhookAdminRoutes(new WebhookAdmin({ sql, outbox: deps.outbox, counter, clock, queued: deps.queued })),
    ...buyerRoutes({
      merchants,
      otp,
      funnel: new FunnelService(funnel, counter, clock, config.funnel ?? DEFAULT_FUNNEL_LIMITS),
      trustProxyHops: config.trustProxyHops,
    }),
    ...addressRoutes({
      book,
      location: deps.location,
      secrets: deps.secrets,
      courierTimeoutMs: config.courierTimeoutMs,
      egress: config.egress,
      clock,
    }),
    ...offerRoutes({ offers, admin: new OfferAdmin(sql, offers, audit), clock }),
  ];
  return {
    routes,
    authenticators: { merchant_key: merchantKeyAuth(merchants), session: sessionAuth(sessions, clock) },
    merchants,
    merchantKeys: new MerchantKeys(sql, merchants, audit, clock),
    otp,
    paymentPorts: paymentHooks(book, deps.secrets, { sessions, merchants, deliveries, offers }),
    async webhookTarget(merchantId) {
      const merchant = await merchants.byId(merchantId);
      if (!merchant) return null;
      return {
        url: merchant.webhook_url,
        secret: merchant.webhook_secret_enc ? deps.secrets.decrypt(merchant.webhook_secret_enc) : null,
      };
    },
    hasWebhook: (tx, merchantId) => merchants.in(tx).hasWebhookUrl(merchantId),
    failOrphanImports: (staleBefore) => imports.failOrphans(staleBefore),
  };
}
