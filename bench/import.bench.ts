// Customer import of 5000 rows on a WAL SQLite file: new buyers, re-import (updates), and over HTTP through the real server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { checkoutModule } from '../src/checkout/module.ts';
import { loadConfig } from '../src/server/config.ts';
import { startServer } from '../src/server/start.ts';
import { mulberry32 } from './seeded.ts';

const ROWS = 5000;
const CITIES = [['Bengaluru', 'Karnataka', '560001'], ['Mumbai', 'Maharashtra', '400001'], ['New Delhi', 'Delhi', '110001']] as const;

/** 5000 rows from a seeded PRNG; about 1 in 10 has a broken email, like real legacy exports. */
function makeRows(batch: number, seed: number): Array<Record<string, string>> {
  const next = mulberry32(seed);
  return Array.from({ length: ROWS }, (_, i) => {
    const id = `${batch}-${i}`;
    const [city, state, pincode] = CITIES[Math.floor(next() * CITIES.length)]!;
    return {
      legacy_external_id: `L${id}`,
      email: next() < 0.1 ? `broken-${id}` : `c${id}@example.com`,
      phone: `+91${9_000_000_000 + batch * ROWS + i}`,
      name: `Customer ${id}`,
      address_line1: `${Math.floor(next() * 999) + 1} Main Road`,
      city,
      state,
      pincode,
    };
  });
}

const dir = mkdtempSync(join(tmpdir(), 'import-bench-'));
const server = await startServer(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DB_PATH: join(dir, 'app.sqlite') }));
const m = checkoutModule(server.ctx);
const { merchant, apiKey } = m.merchants.create('Bench shop');

// Known answer first: the seeded rows import with the expected split.
const fixed = makeRows(0, 42);
const check = m.importer.run(merchant.id, 'check', fixed);
const expectedErrors = fixed.filter((r) => r.email!.startsWith('broken')).length;
if (check.error_count !== expectedErrors || check.imported_count !== ROWS - expectedErrors) throw new Error('unexpected import result');

let batch = 1;
let sink = 0;
const bench = new Bench({ name: `import ${ROWS} customers`, time: 0, iterations: 10, warmup: false });
bench
  .add('service: 5000 new buyers + addresses', () => {
    sink += m.importer.run(merchant.id, null, makeRows(batch++, batch)).imported_count;
  })
  .add('service: re-import 5000 rows (updates)', () => {
    sink += m.importer.run(merchant.id, null, fixed).imported_count;
  })
  .add('HTTP: POST import_customers, 5000 new rows', async () => {
    const body = JSON.stringify({ rows: makeRows(batch++, batch) });
    const res = await fetch(`http://127.0.0.1:${server.port}/checkout-admin?action=import_customers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body,
    });
    sink += ((await res.json()) as { data: { imported_count: number } }).data.imported_count;
  });

await bench.run();
console.log(`node ${process.version}, ${ROWS} rows per import, sink ${sink}`);
console.table(bench.table());
await server.stop();
rmSync(dir, { recursive: true, force: true });
