// The developer dashboard (/dashboard): email-code sign-in for allowed accounts, their keys, usage per day, the page itself.
import { join } from 'node:path';
import type { Clock } from '../../kernel/clock.ts';
import type { Sql } from '../../db/sql.ts';
import type { OtpService } from '../../checkout/otp-service.ts';
import type { Authenticator, RouteDef } from '../../http/route.ts';
import { resourcePath } from '../../resources.ts';
import type { Access } from '../../platform/access.ts';
import { PLAN_NAMES, PLANS } from '../../platform/plans.ts';
import { ConsoleSessionRepository } from '../console/console-sessions.ts';
import type { CookiePolicy } from '../console/cookies.ts';
import { LoginLinkRepository } from '../console/login-links.ts';
import { consoleAuth } from '../console/session-auth.ts';
import { SignIn } from '../console/sign-in.ts';
import { signInRoutes } from '../console/sign-in-routes.ts';
import { fileRoute, folderRoutes, StaticFile } from '../console/static-files.ts';
import { DeveloperAccountRepository, type DeveloperAccount } from './accounts.ts';
import { keyRoutes } from './key-routes.ts';
import { DeveloperViewSchema } from './schemas.ts';
import { usageRoute } from './usage-route.ts';

export interface DeveloperDashboardDeps {
  sql: Sql;
  clock: Clock;
  otp: OtpService;
  access: Pick<Access, 'keys' | 'usage' | 'requests'>;
  cookie: CookiePolicy;
  sessionTtlMs: number;
  /** Emails that get an account on their first sign-in (DASHBOARD_ALLOWED_EMAILS), lower case. */
  allowList: ReadonlySet<string>;
  trustProxyHops: number;
}

export interface DeveloperDashboard {
  routes: RouteDef[];
  authenticator: Authenticator<DeveloperAccount>;
  accounts: DeveloperAccountRepository;
}

// Read through the resource root, so the bundle and the single executable find them too.
const ASSETS = resourcePath('src/dashboard/developer/assets');

export function createDeveloperDashboard(d: DeveloperDashboardDeps): DeveloperDashboard {
  const accounts = new DeveloperAccountRepository(d.sql, d.clock);
  const sessions = new ConsoleSessionRepository(d.sql, d.clock);
  const signIn = new SignIn({
    realm: 'developer',
    dashboard: 'developer dashboard',
    otp: d.otp,
    sessions,
    links: new LoginLinkRepository(d.sql, d.clock),
    sessionTtlMs: d.sessionTtlMs,
    subjectFor: (email) => accounts.signInSubject(email, d.allowList),
  });
  const { keys, usage, requests } = d.access;
  const authenticator = consoleAuth({
    realm: 'developer',
    cookie: d.cookie,
    sessions,
    signInPage: '/dashboard',
    load: (id) => accounts.activeById(id),
  });
  const user = {
    schema: DeveloperViewSchema,
    view: (a: DeveloperAccount) => ({
      email: a.email,
      plan: a.plan,
      plan_description: PLANS[a.plan].description,
      monthly_limit: PLANS[a.plan].monthlyRequests,
      plans: PLAN_NAMES.map((name) => ({
        name,
        monthly_requests: PLANS[name].monthlyRequests,
        price_inr_per_month: PLANS[name].priceInrPerMonth,
        description: PLANS[name].description,
      })),
    }),
  };
  const routes = [
    ...signInRoutes({
      base: '/dashboard/api',
      page: '/dashboard',
      tag: 'dashboard',
      kind: 'developer',
      signIn,
      cookie: d.cookie,
      sessionTtlMs: d.sessionTtlMs,
      trustProxyHops: d.trustProxyHops,
      authenticate: authenticator,
      user,
    }),
    ...keyRoutes({ keys, usage, requests, clock: d.clock }),
    usageRoute({ keys, usage, clock: d.clock }),
    fileRoute('/dashboard', StaticFile.read(join(ASSETS, 'index.html')), 'Developer dashboard'),
    ...folderRoutes('/dashboard/assets', ASSETS, [
      'app.js',
      'keys.js',
      'usage.js',
      'quota.js',
      'examples.js',
      'requests.js',
    ]),
  ];
  return { routes, authenticator, accounts };
}
