// The merchant dashboard (/merchant): email-code sign-in for the merchant's users, who then call /checkout-admin and
// /checkout-offers with their session cookie (auth kind merchant_user, principal the merchant) instead of the api key.
import { extend } from '../../kernel/extend.ts';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../../kernel/clock.ts';
import type { Sql } from '../../db/sql.ts';
import type { MerchantPrincipal } from '../../checkout/audit-log.ts';
import type { MerchantKeys } from '../../checkout/merchant-keys.ts';
import type { MerchantRepository } from '../../checkout/merchant-repository.ts';
import type { OtpService } from '../../checkout/otp-service.ts';
import type { Authenticator, RouteDef } from '../../http/route.ts';
import { resourcePath } from '../../resources.ts';
import { ConsoleSessionRepository } from '../console/console-sessions.ts';
import type { CookiePolicy } from '../console/cookies.ts';
import { LoginLinkRepository } from '../console/login-links.ts';
import { consoleAuth } from '../console/session-auth.ts';
import { SignIn } from '../console/sign-in.ts';
import { signInRoutes } from '../console/sign-in-routes.ts';
import { fileRoute, folderRoutes, StaticFile } from '../console/static-files.ts';
import { merchantKeyRoutes } from './key-routes.ts';
import { MerchantUserRepository, type MerchantUser } from './users.ts';

/** The merchant, as the admin routes expect it (acting as the signed-in user), plus who of its users that is. */
export type MerchantPortalPrincipal = MerchantPrincipal & { portal_user: Pick<MerchantUser, 'id' | 'email'> };

export interface MerchantPortalDeps {
  sql: Sql;
  clock: Clock;
  otp: OtpService;
  merchants: MerchantRepository;
  keys: MerchantKeys;
  cookie: CookiePolicy;
  sessionTtlMs: number;
  trustProxyHops: number;
}

export interface MerchantPortal {
  routes: RouteDef[];
  authenticator: Authenticator<MerchantPortalPrincipal>;
  users: MerchantUserRepository;
}

// Read through the resource root, so the bundle and the single executable find them too.
const ASSETS = resourcePath('src/dashboard/merchant/assets');
const UserViewSchema = z.object({ email: z.string(), merchant_id: z.string(), merchant_name: z.string() });

export function createMerchantPortal(d: MerchantPortalDeps): MerchantPortal {
  const users = new MerchantUserRepository(d.sql, d.clock);
  const sessions = new ConsoleSessionRepository(d.sql, d.clock);
  const signIn = new SignIn({
    realm: 'merchant',
    dashboard: 'merchant dashboard',
    otp: d.otp,
    sessions,
    links: new LoginLinkRepository(d.sql, d.clock),
    sessionTtlMs: d.sessionTtlMs,
    subjectFor: async (email) => (await users.byEmail(email))?.id ?? null,
  });
  const load = async (id: number): Promise<MerchantPortalPrincipal | null> => {
    const user = await users.byId(id);
    const merchant = user && (await d.merchants.byId(user.merchant_id));
    return user && merchant
      ? extend(merchant, { actor: user.email, portal_user: { id: user.id, email: user.email } })
      : null;
  };
  const authenticator = consoleAuth({ realm: 'merchant', cookie: d.cookie, sessions, signInPage: '/merchant', load });
  const user = {
    schema: UserViewSchema,
    view: (p: MerchantPortalPrincipal) => ({ email: p.portal_user.email, merchant_id: p.id, merchant_name: p.name }),
  };
  const routes = [
    ...signInRoutes({
      base: '/merchant/api',
      page: '/merchant',
      tag: 'merchant-dashboard',
      kind: 'merchant_user',
      signIn,
      cookie: d.cookie,
      sessionTtlMs: d.sessionTtlMs,
      trustProxyHops: d.trustProxyHops,
      authenticate: authenticator,
      user,
    }),
    ...merchantKeyRoutes(d.keys),
    fileRoute('/merchant', StaticFile.read(join(ASSETS, 'index.html')), 'Merchant dashboard'),
    ...folderRoutes('/merchant/assets', ASSETS, [
      'app.js',
      'funnel.js',
      'sessions.js',
      'session-dates.js',
      'session-export.js',
      'session-filters.js',
      'session-newer.js',
      'session-row.js',
      'session-scope.js',
      'order.js',
      'page-route.js',
      'order-map.js',
      'order-refunds.js',
      'order-timeline.js',
      'deliveries.js',
      'resend-failing.js',
      'delivery-detail.js',
      'settings.js',
      'settings-form.js',
      'settings-words.js',
      'imports.js',
      'offers.js',
      'offer-checks.js',
      'offer-rules.js',
      'offer-changes.js',
      'import-columns.js',
      'keys.js',
      'audit.js',
      'audit-words.js',
      'integration.js',
      'orders.css',
    ]),
  ];
  return { routes, authenticator, users };
}
