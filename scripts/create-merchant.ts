// `npm run merchant:create -- --name "My Shop" [--origins https://shop.example,https://www.shop.example]`: prints a merchant id and API key.
import { parseArgs } from 'node:util';
import { MerchantRepository } from '../src/checkout/merchant-repository.ts';
import { openDatabase } from '../src/db/open.ts';
import { normaliseOrigin } from '../src/platform/api-keys.ts';
import { loadConfig } from '../src/server/config.ts';

const USAGE = 'usage: npm run merchant:create -- --name "My Shop" [--origins https://shop.example,https://www.shop.example]';

function main(): void {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, origins: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const name = values.name?.trim();
  if (!name) throw new Error(`--name is required\n${USAGE}`);
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

try {
  main();
} catch (err) {
  process.stderr.write(`merchant:create: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
