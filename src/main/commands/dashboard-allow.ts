// `npm run dashboard:allow -- --email a@b.in [--plan paid] [--disable]`: who may sign in to the developer dashboard.
import { systemClock } from '../../kernel/clock.ts';
import { runCommand } from './run-command.ts';
import { PLAN_NAMES, PLANS, type PlanName } from '../../platform/plans.ts';
import { DeveloperAccountRepository } from '../../dashboard/developer/accounts.ts';
import { ApiKeyRepository } from '../../platform/api-keys.ts';

const USAGE = 'usage: dashboard allow --email a@b.in [--plan free|paid|enterprise] | --email a@b.in --disable';

export function dashboardAllowCommand(argv: string[]): Promise<number> {
  const options = {
    email: { type: 'string' },
    plan: { type: 'string', default: 'free' },
    disable: { type: 'boolean', default: false },
  } as const;
  return runCommand('dashboard allow', USAGE, options, argv, async (flags, sql) => {
    const email = typeof flags.email === 'string' ? flags.email.trim().toLowerCase() : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`--email must be an email address\n${USAGE}`);
    const accounts = new DeveloperAccountRepository(sql, systemClock);
    if (flags.disable) {
      if (!(await accounts.disable(email))) throw new Error(`no enabled account ${email}`);
      process.stderr.write(`${email} can no longer sign in; its keys keep working until revoked\n`);
      return;
    }
    const plan = flags.plan as PlanName;
    if (!PLAN_NAMES.includes(plan)) throw new Error(`--plan must be one of ${PLAN_NAMES.join(', ')}\n${USAGE}`);
    const account = await accounts.allow(email, plan);
    // Its keys follow: a downgrade left them on the old quota, an upgrade needed new keys deployed.
    const moved = await new ApiKeyRepository(sql, systemClock).setOwnerPlan(account.id, account.plan);
    process.stderr.write(
      `${account.email} may sign in at /dashboard (${PLANS[account.plan].description}) in ${sql.location}` +
        `${moved > 0 ? `; ${moved} of its keys moved to this plan` : ''}\n`,
    );
  });
}
