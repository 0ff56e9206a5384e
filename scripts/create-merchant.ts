// `npm run merchant:create -- --name "My Shop" [--origins https://shop.example,https://www.shop.example]`: prints a merchant id and API key.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MerchantRepository } from '../src/checkout/merchant-repository.ts';
import { openDatabase } from '../src/db/open.ts';
import { normaliseOrigin } from '../src/platform/api-keys.ts';
import { loadConfig } from '../src/server/config.ts';

const FLAGS = '--name "My Shop" [--origins https://shop.example,https://www.shop.example]';

/** Parses `args`, creates the merchant in DB_PATH and prints its id and API key on stdout; throws on bad arguments. */
export function createMerchantCommand(args: string[], invokedAs = 'npm run merchant:create --'): void {
  const usage = `usage: ${invokedAs} ${FLAGS}`;
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, origins: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const name = values.name?.trim();
  if (!name) throw new Error(`--name is required\n${usage}`);
  const origins = (values.origins ?? '').split(',').map((o) => o.trim()).filter(Boolean).map(normaliseOrigin);
  const config = loadConfig();
  const db = openDatabase(config.DB_PATH);
  try {
    const { merchant, apiKey } = new MerchantRepository(db).create(name, [...new Set(origins)]);
    process.stderr.write(`created merchant "${name}" in ${config.DB_PATH}; store the API key now: only its sha256 is kept\n`);
    process.stdout.write(`merchant_id=${merchant.id}\napi_key=${apiKey}\n`);
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    createMerchantCommand(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`merchant:create: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
