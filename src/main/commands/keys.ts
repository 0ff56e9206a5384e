// Location api key commands: `key create` (prints the key once) and `key revoke` (takes effect on every node within a second).
import { systemClock } from '../../kernel/clock.ts';
import { ApiKeyRepository } from '../../platform/api-keys.ts';
import { PLAN_NAMES, PLANS, type PlanName } from '../../platform/plans.ts';
import { positiveInt, runCommand } from './run-command.ts';

const CREATE_USAGE =
  'usage: geopin key create --plan free|paid|enterprise [--public --origins https://a.com,https://b.com] [--label text] [--monthly-limit N] [--rate-limit N]';

export function createKeyCommand(argv: string[]): Promise<number> {
  const options = {
    plan: { type: 'string' },
    public: { type: 'boolean', default: false },
    origins: { type: 'string' },
    label: { type: 'string' },
    'monthly-limit': { type: 'string' },
    'rate-limit': { type: 'string' },
  } as const;
  return runCommand('key create', CREATE_USAGE, options, argv, async (flags, sql) => {
    const plan = flags.plan as PlanName | undefined;
    if (!plan || !PLAN_NAMES.includes(plan))
      throw new Error(`--plan must be one of ${PLAN_NAMES.join(', ')}\n${CREATE_USAGE}`);
    const origins =
      typeof flags.origins === 'string'
        ? flags.origins
            .split(',')
            .map((o) => o.trim())
            .filter(Boolean)
        : [];
    if (origins.length > 0 && !flags.public) throw new Error('--origins only applies to --public keys');
    const { key, record } = await new ApiKeyRepository(sql, systemClock).create({
      plan,
      label: typeof flags.label === 'string' ? flags.label : null,
      isPublic: flags.public === true,
      allowedOrigins: origins,
      monthlyLimitOverride: positiveInt('monthly-limit', flags['monthly-limit']),
      rateLimitOverride: positiveInt('rate-limit', flags['rate-limit']),
    });
    const where = sql.location;
    const limits = [
      record.monthlyLimitOverride === null
        ? PLANS[record.plan].description
        : `${record.plan} plan, ${record.monthlyLimitOverride.toLocaleString('en-IN')} requests per month (set for this key)`,
      record.rateLimitOverride === null ? null : `${record.rateLimitOverride} per second`,
      record.isPublic ? `public for ${record.allowedOrigins.join(' ')}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    process.stderr.write(`created key #${record.id} ${record.prefix}… (${limits}) in ${where}\n`);
    process.stderr.write('store it now: only its sha256 is kept, it cannot be shown again\n');
    process.stdout.write(`${key}\n`);
  });
}

const REVOKE_USAGE = 'usage: geopin key revoke --prefix gp_sk_XXXXXX | --key <the whole key> | --id N';

/** A whole key pasted where its prefix was asked for (what an operator does first when one leaks). */
const WHOLE_KEY = /^gp_(sk|pub)_[\w-]{32}$/;

export function revokeKeyCommand(argv: string[]): Promise<number> {
  return runCommand(
    'key revoke',
    REVOKE_USAGE,
    { id: { type: 'string' }, prefix: { type: 'string' }, key: { type: 'string' } } as const,
    argv,
    async (flags, sql) => {
      const given = typeof flags.key === 'string' ? flags.key : typeof flags.prefix === 'string' ? flags.prefix : null;
      const target = given === null ? positiveInt('id', flags.id) : WHOLE_KEY.test(given) ? { key: given } : given;
      if (target === null) throw new Error(`--prefix, --key or --id is required\n${REVOKE_USAGE}`);
      if (typeof target === 'string' && target.length < 12)
        throw new Error(`a prefix is the key's first 12 characters (gp_sk_ and 6 more), got "${target}"`);
      const revoked = await new ApiKeyRepository(sql, systemClock).revoke(target);
      const named =
        typeof target === 'number' ? `id ${target}` : typeof target === 'string' ? `prefix ${target}` : 'this key';
      if (!revoked)
        throw new Error(
          `no active key with ${named} in ${sql.location} (DB_PATH or DATABASE_URL names the store the ` +
            'server uses; geopin key list shows its keys)',
        );
      process.stderr.write(
        `revoked key #${revoked.id} ${revoked.prefix}… in ${sql.location}; every node refuses it within a second\n`,
      );
    },
  );
}

export function listKeysCommand(argv: string[]): Promise<number> {
  return runCommand('key list', 'usage: geopin key list', {}, argv, async (_flags, sql) => {
    const keys = await new ApiKeyRepository(sql, systemClock).list();
    process.stderr.write(`${keys.length} key${keys.length === 1 ? '' : 's'} in ${sql.location}\n`);
    for (const k of keys)
      process.stdout.write(
        [
          `#${k.id}`,
          `${k.prefix}…`,
          k.plan,
          k.isPublic ? 'public' : 'secret',
          k.createdAt,
          k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
          k.label ?? '—',
        ].join('\t') + '\n',
      );
  });
}
