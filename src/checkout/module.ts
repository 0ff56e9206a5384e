// Builds the checkout repositories and services once per AppContext, so routes and the payment ports share them.
import { createMailer } from '../mail/mailer.ts';
import type { AppContext } from '../server/context.ts';
import { AddressRepository } from './address-repository.ts';
import { AddressService } from './address-service.ts';
import { BuyerRepository } from './buyer-repository.ts';
import { FunnelRepository } from './funnel-repository.ts';
import { ImportRepository } from './import-repository.ts';
import { ImportService } from './import-service.ts';
import { MerchantRepository } from './merchant-repository.ts';
import { OfferRepository } from './offer-repository.ts';
import { OtpRepository } from './otp-repository.ts';
import { OtpService } from './otp-service.ts';
import { loadMasterKey, SecretBox } from './secrets.ts';
import { SessionRepository } from './session-repository.ts';

export interface CheckoutModule {
  ctx: AppContext;
  secrets: SecretBox;
  merchants: MerchantRepository;
  buyers: BuyerRepository;
  addresses: AddressRepository;
  sessions: SessionRepository;
  otps: OtpRepository;
  funnel: FunnelRepository;
  offers: OfferRepository;
  imports: ImportRepository;
  otp: OtpService;
  addressBook: AddressService;
  importer: ImportService;
}

const modules = new WeakMap<AppContext, CheckoutModule>();

/** The module for `ctx`, created (statements prepared, key loaded, stale imports failed) on first use. */
export function checkoutModule(ctx: AppContext): CheckoutModule {
  const existing = modules.get(ctx);
  if (existing) return existing;
  const db = ctx.db;
  const secrets = new SecretBox(loadMasterKey(ctx.config.CHECKOUT_ENCRYPTION_KEY, ctx.config.DB_PATH));
  const merchants = new MerchantRepository(db);
  const buyers = new BuyerRepository(db);
  const addresses = new AddressRepository(db);
  const sessions = new SessionRepository(db);
  const otps = new OtpRepository(db);
  const imports = new ImportRepository(db);
  const mailer = createMailer(ctx.config);
  ctx.onShutdown.push(() => mailer.close());
  const stale = imports.failStale(new Date().toISOString());
  if (stale > 0) console.warn(`[checkout] marked ${stale} interrupted import batch(es) as failed`);
  const otp = new OtpService(otps, buyers, sessions, secrets, mailer, {
    codeTtlMs: 600_000,
    maxFailedAttempts: 5,
    lockMs: 900_000,
    sessionTtlMs: 86_400_000,
    sendsPerEmailHour: ctx.config.CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR,
    sendsPerIpHour: ctx.config.CHECKOUT_OTP_SENDS_PER_IP_HOUR,
  });
  const module: CheckoutModule = {
    ctx, secrets, merchants, buyers, addresses, sessions, otps, imports, otp,
    funnel: new FunnelRepository(db),
    offers: new OfferRepository(db),
    addressBook: new AddressService(addresses, sessions, merchants, ctx.location),
    importer: new ImportService(imports, buyers, addresses),
  };
  modules.set(ctx, module);
  return module;
}
