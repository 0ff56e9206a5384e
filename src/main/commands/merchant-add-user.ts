// `npm run merchant:add-user -- --merchant-id UUID --email a@b.in [--remove]`: who may sign in to the merchant dashboard.
import { MerchantRepository } from '../../checkout/merchant-repository.ts';
import { systemClock } from '../../kernel/clock.ts';
import { runCommand } from './run-command.ts';
import { MerchantUserRepository } from '../../dashboard/merchant/users.ts';

const USAGE = 'usage: merchant add-user --merchant-id UUID --email a@b.in [--remove]';

export function merchantAddUserCommand(argv: string[]): Promise<number> {
  const options = {
    'merchant-id': { type: 'string' },
    email: { type: 'string' },
    remove: { type: 'boolean', default: false },
  } as const;
  return runCommand('merchant add-user', USAGE, options, argv, async (flags, sql) => {
    const merchantId = typeof flags['merchant-id'] === 'string' ? flags['merchant-id'] : '';
    const email = typeof flags.email === 'string' ? flags.email.trim().toLowerCase() : '';
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`--email must be an email address\n${USAGE}`);
    const merchant = /^[0-9a-f-]{36}$/i.test(merchantId)
      ? await new MerchantRepository(sql, systemClock).byId(merchantId)
      : null;
    if (!merchant) throw new Error(`no merchant ${merchantId || '(--merchant-id missing)'}\n${USAGE}`);
    const users = new MerchantUserRepository(sql, systemClock);
    if (flags.remove) {
      if (!(await users.remove(merchant.id, email))) throw new Error(`${email} is not a user of ${merchant.name}`);
      process.stderr.write(`${email} removed from ${merchant.name}; their sessions stop working at once\n`);
      return;
    }
    await users.add(merchant.id, email);
    process.stderr.write(`${email} may sign in at /merchant for ${merchant.name}\n`);
  });
}
