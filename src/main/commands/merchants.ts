// Merchant commands: `merchant create` (prints the id and api key once) and `merchant rotate-key` (a new key, the old ones overlapping).
import { MAX_OVERLAP_HOURS } from '../../checkout/merchant-keys.ts';
import { MerchantRepository } from '../../checkout/merchant-repository.ts';
import { systemClock } from '../../kernel/clock.ts';
import { normaliseOrigin } from '../../kernel/origin.ts';
import { runCommand } from './run-command.ts';

const CREATE_USAGE =
  'usage: geopin merchant create --name "My Shop" [--origins https://shop.example,https://www.shop.example]';

export function createMerchantCommand(argv: string[]): Promise<number> {
  return runCommand(
    'merchant create',
    CREATE_USAGE,
    { name: { type: 'string' }, origins: { type: 'string' } } as const,
    argv,
    async (flags, sql) => {
      const name = typeof flags.name === 'string' ? flags.name.trim() : '';
      if (!name) throw new Error(`--name is required\n${CREATE_USAGE}`);
      const origins = (typeof flags.origins === 'string' ? flags.origins : '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map(normaliseOrigin);
      const { merchant, apiKey } = await new MerchantRepository(sql, systemClock).create(name, [...new Set(origins)]);
      process.stderr.write(
        `created merchant "${name}" in ${sql.location}; store the API key now: only its sha256 is kept\n`,
      );
      process.stdout.write(`merchant_id=${merchant.id}\napi_key=${apiKey}\n`);
    },
  );
}

const ROTATE_USAGE =
  'usage: geopin merchant rotate-key --merchant-id UUID [--overlap-hours 24] (0 revokes the old keys at once)';

export function rotateMerchantKeyCommand(argv: string[]): Promise<number> {
  const options = { 'merchant-id': { type: 'string' }, 'overlap-hours': { type: 'string', default: '24' } } as const;
  return runCommand('merchant rotate-key', ROTATE_USAGE, options, argv, async (flags, sql) => {
    const merchantId = typeof flags['merchant-id'] === 'string' ? flags['merchant-id'] : '';
    const hours = Number(flags['overlap-hours']);
    // The dashboard's bound too: a leaked key must not stay valid for weeks after it was replaced.
    if (!Number.isFinite(hours) || hours < 0 || hours > MAX_OVERLAP_HOURS)
      throw new Error(`--overlap-hours must be 0..${MAX_OVERLAP_HOURS}\n${ROTATE_USAGE}`);
    const merchants = new MerchantRepository(sql, systemClock);
    if (!(await merchants.byId(merchantId))) throw new Error(`no merchant ${merchantId}\n${ROTATE_USAGE}`);
    const apiKey = await merchants.rotateKey(merchantId, Math.round(hours * 3600));
    process.stderr.write(
      hours > 0
        ? `new key issued; the previous keys keep working for ${hours} h\n`
        : 'new key issued; the previous keys are revoked\n',
    );
    process.stdout.write(`api_key=${apiKey}\n`);
  });
}
