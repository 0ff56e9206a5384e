// `geopin dashboard login-link --email E` / `geopin merchant login-link --email E`: a one-time sign-in URL, no mail needed.
import { systemClock } from '../../kernel/clock.ts';
import { DeveloperAccountRepository } from '../../dashboard/developer/accounts.ts';
import type { Realm } from '../../dashboard/console/console-sessions.ts';
import { LoginLinkRepository } from '../../dashboard/console/login-links.ts';
import { MerchantUserRepository } from '../../dashboard/merchant/users.ts';
import type { Database } from '../../db/sql.ts';
import type { Config } from '../config.ts';
import { pageUrls } from '../start-report.ts';
import { positiveInt, runCommand, type Flags } from './run-command.ts';

interface Dashboard {
  command: string;
  realm: Realm;
  page: 'dashboard' | 'merchant';
  /** The account or user id `email` signs in as, or an error saying how to allow it. */
  subject(sql: Database, email: string, config: Config): Promise<number | string>;
}

const DASHBOARDS: Record<Realm, Dashboard> = {
  developer: {
    command: 'dashboard login-link',
    realm: 'developer',
    page: 'dashboard',
    async subject(sql, email, config) {
      const id = await new DeveloperAccountRepository(sql, systemClock).signInSubject(
        email,
        new Set(config.dashboard.allowedEmails),
      );
      return id ?? `${email} may not sign in to /dashboard; allow it first: geopin dashboard allow --email ${email}`;
    },
  },
  merchant: {
    command: 'merchant login-link',
    realm: 'merchant',
    page: 'merchant',
    async subject(sql, email) {
      const user = await new MerchantUserRepository(sql, systemClock).byEmail(email);
      return (
        user?.id ??
        `${email} is no user of any merchant; add it first: geopin merchant add-user --merchant-id ID --email ${email}`
      );
    },
  },
};

const OPTIONS = {
  email: { type: 'string' },
  'base-url': { type: 'string' },
  minutes: { type: 'string' },
} as const;

function usage(d: Dashboard): string {
  return (
    `usage: ${d.command} --email a@b.in [--base-url http://localhost:3000] [--minutes 15]\n` +
    `prints a sign-in URL for /${d.page} that works once, within the minutes given (default 15)`
  );
}

async function printLink(d: Dashboard, flags: Flags, sql: Database, config: Config): Promise<void> {
  const email = typeof flags.email === 'string' ? flags.email.trim().toLowerCase() : '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`--email must be an email address\n${usage(d)}`);
  const minutes = positiveInt('minutes', flags.minutes) ?? 15;
  if (minutes > 24 * 60) throw new Error('--minutes must be at most 1440 (a day)');
  const base = typeof flags['base-url'] === 'string' ? flags['base-url'] : null;
  if (base !== null && !/^https?:\/\/[^\s/]+\/?$/.test(base))
    throw new Error(`--base-url must be the server's origin, e.g. https://geo.example.in, got "${base}"`);
  const subject = await d.subject(sql, email, config);
  if (typeof subject === 'string') throw new Error(subject);
  const links = new LoginLinkRepository(sql, systemClock);
  const { token, expiresAt } = await links.issue(d.realm, subject, minutes * 60_000);
  const page = base ? `${base.replace(/\/$/, '')}/${d.page}` : pageUrls(config.server.host, config.server.port)[d.page];
  process.stdout.write(`${page}/api/sign-in/link?token=${token}\n`);
  process.stderr.write(`One-time sign-in link for ${email}; it works once, until ${expiresAt}\n`);
}

function commandFor(realm: Realm) {
  const d = DASHBOARDS[realm];
  return (argv: string[]) => runCommand(d.command, usage(d), OPTIONS, argv, (f, sql, c) => printLink(d, f, sql, c));
}

export const dashboardLoginLinkCommand = commandFor('developer');
export const merchantLoginLinkCommand = commandFor('merchant');
