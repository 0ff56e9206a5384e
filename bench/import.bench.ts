// Customer import of 5000 rows on a WAL SQLite file: new buyers, re-import (updates), and over HTTP through the real app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { AddressRepository } from '../src/checkout/address-repository.ts';
import { BuyerRepository } from '../src/checkout/buyer-repository.ts';
import { ImportRepository } from '../src/checkout/import-repository.ts';
import { ImportService } from '../src/checkout/import-service.ts';
import { systemClock } from '../src/kernel/clock.ts';
import { buildApp } from '../src/main/app.ts';
import { loadConfig } from '../src/main/config.ts';
import { mulberry32 } from './seeded.ts';

const ROWS = 5000;
const CITIES = [
  ['Bengaluru', 'Karnataka', '560001'],
  ['Mumbai', 'Maharashtra', '400001'],
  ['New Delhi', 'Delhi', '110001'],
] as const;

/** 5000 rows (the document's fields) from a seeded PRNG; about 1 in 10 has a broken email, like real legacy exports. */
function makeRows(batch: number, seed: number): Array<Record<string, string>> {
  const next = mulberry32(seed);
  return Array.from({ length: ROWS }, (_, i) => {
    const id = `${batch}-${i}`;
    const [city, state, pincode] = CITIES[Math.floor(next() * CITIES.length)]!;
    return {
      legacy_customer_id: `L${id}`,
      legacy_address_id: `A${id}`,
      email: next() < 0.1 ? `broken-${id}` : `c${id}@example.com`,
      phone_e164: `+91${9_000_000_000 + batch * ROWS + i}`,
      name: `Customer ${id}`,
      flat_number: String(Math.floor(next() * 999) + 1),
      street_name: 'Main Road',
      city,
      state,
      pincode,
    };
  });
}

const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DB_PATH: join(dir, 'app.sqlite'),
    WEBHOOK_DISPATCHER: 'off',
  }),
);
const { port } = await app.start();
const { sql, nodes } = app.parts;
const { merchant, apiKey } = await app.parts.checkout.merchants.create('Bench shop');
// The service the import route runs, over the app's own store: the import without HTTP and JSON around it.
const importer = new ImportService({
  sql,
  imports: new ImportRepository(sql, systemClock),
  buyers: new BuyerRepository(sql, systemClock),
  addresses: new AddressRepository(sql, systemClock),
  location: app.parts.location,
  nodeId: nodes.id,
});

// Known answer first: the seeded rows import with the expected split.
const fixed = makeRows(0, 42);
const check = await importer.run(merchant.id, 'check', 'api', fixed);
const expectedErrors = fixed.filter((r) => r.email!.startsWith('broken')).length;
if (check.error_count !== expectedErrors || check.imported_count !== ROWS - expectedErrors)
  throw new Error('unexpected import result');

let batch = 1;
let sink = 0;
const bench = new Bench({ name: `import ${ROWS} customers`, time: 0, iterations: 10, warmup: false });
bench
  .add('service: 5000 new buyers + addresses', async () => {
    sink += (await importer.run(merchant.id, null, 'api', makeRows(batch++, batch))).imported_count;
  })
  .add('service: re-import 5000 rows (updates)', async () => {
    sink += (await importer.run(merchant.id, null, 'api', fixed)).imported_count;
  })
  .add('HTTP: POST import_customers, 5000 new rows', async () => {
    const body = JSON.stringify({ rows: makeRows(batch++, batch) });
    const res = await fetch(`http://127.0.0.1:${port}/checkout-admin?action=import_customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body,
    });
    sink += ((await res.json()) as { data: { imported_count: number } }).data.imported_count;
  });

await bench.run();
console.log(`node ${process.version}, ${ROWS} rows per import, sink ${sink}`);
console.table(bench.table());
await app.stop();
rmSync(dir, { recursive: true, force: true });
