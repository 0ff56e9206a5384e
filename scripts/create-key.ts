// `npm run key:create -- --plan free [--public --origins https://a.com,https://b.com] [--label x]`: creates an API key and prints it once.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/db/open.ts';
import { ApiKeyStore } from '../src/platform/api-keys.ts';
import { PLAN_NAMES, PLANS, type PlanName } from '../src/platform/plans.ts';
import { loadConfig } from '../src/server/config.ts';

const FLAGS = '--plan free|paid|enterprise [--public --origins https://a.com,https://b.com] [--label text] [--monthly-limit N] [--rate-limit N]';

function positiveInt(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`--${name} must be a whole number of at least 1, got "${value}"`);
  return Number(value);
}

/** Parses `args`, creates the key in DB_PATH and prints it on stdout; throws on bad arguments. `invokedAs` names the command in the usage line. */
export function createKeyCommand(args: string[], invokedAs = 'npm run key:create --'): void {
  const usage = `usage: ${invokedAs} ${FLAGS}`;
  const { values } = parseArgs({
    args,
    options: {
      plan: { type: 'string' },
      public: { type: 'boolean', default: false },
      origins: { type: 'string' },
      label: { type: 'string' },
      'monthly-limit': { type: 'string' },
      'rate-limit': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (!values.plan || !PLAN_NAMES.includes(values.plan as PlanName)) throw new Error(`--plan must be one of ${PLAN_NAMES.join(', ')}\n${usage}`);
  const origins = values.origins ? values.origins.split(',').map((o) => o.trim()).filter(Boolean) : [];
  if (origins.length > 0 && !values.public) throw new Error('--origins only applies to --public keys');
  const config = loadConfig();
  const db = openDatabase(config.DB_PATH);
  try {
    const { key, record } = new ApiKeyStore(db).create({
      plan: values.plan as PlanName, label: values.label ?? null, isPublic: values.public, allowedOrigins: origins,
      monthlyLimitOverride: positiveInt('monthly-limit', values['monthly-limit']), rateLimitOverride: positiveInt('rate-limit', values['rate-limit']),
    });
    const plan = PLANS[record.plan];
    process.stderr.write(`created key #${record.id} (${plan.description}${record.isPublic ? `, public for ${record.allowedOrigins.join(' ')}` : ''}) in ${config.DB_PATH}\n`);
    process.stderr.write('store it now: only its sha256 is kept, it cannot be shown again\n');
    process.stdout.write(`${key}\n`);
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    createKeyCommand(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`key:create: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
