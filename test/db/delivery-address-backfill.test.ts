// Step 027 keeps the delivery address of every order completed before it, from the saved address it chose, so an order
// paid before the upgrade keeps where it ships when the buyer later edits or deletes that address.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrateSqlite, migrationSteps } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import type { Dialect } from '../../src/db/sql.ts';
import { testStore } from '../support/server.ts';

const STEP = '027-delivery-addresses';
const AT = '2026-01-05T10:00:00.000Z';

/** A shop before the step: an order completed, one still open, one completed whose address is gone already. */
const SEED = [
  `INSERT INTO merchants (id, name, created_at, updated_at) VALUES ('m1', 'Shop', '${AT}', '${AT}')`,
  `INSERT INTO buyers (id, merchant_id, created_at, updated_at) VALUES ('b1', 'm1', '${AT}', '${AT}')`,
  ...['a1', 'a2'].map(
    (
      id,
    ) => `INSERT INTO addresses (id, merchant_id, buyer_id, name, flat_number, street_name, pincode, geopin, latitude,
       longitude, created_at, updated_at)
     VALUES ('${id}', 'm1', 'b1', 'Asha', '12', 'MG Road ${id}', '560001', '4P3-J24-KJML', 12.9755, 77.6069, '${AT}',
       '${AT}')`,
  ),
  ...[
    ['s1', 'completed', "'a1'"],
    ['s2', 'address_completed', "'a2'"],
    ['s3', 'completed', 'NULL'],
  ].map(
    ([id, status, address]) => `INSERT INTO checkout_sessions (id, merchant_id, buyer_id, token_hash, auth_channel,
       status, selected_address_id, created_at, expires_at, completed_at)
     VALUES ('${id}', 'm1', 'b1', 'hash-${id}', 'email', '${status}', ${address}, '${AT}', '${AT}', '${AT}')`,
  ),
];

const KEPT = `SELECT session_id, address_id, name, flat_number, street_name, pincode, country, geopin, latitude,
  longitude FROM delivery_addresses ORDER BY session_id`;

const before = (dialect: Dialect) => migrationSteps(dialect).filter((s) => s.name < STEP);

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Migrates a store up to the step, seeds it, then lets the app migrate the rest; returns what was kept. */
async function keptAfterUpgrade(): Promise<unknown[]> {
  const databaseUrl = inject('databaseUrl');
  if (!databaseUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'delivery-backfill-'));
    dirs.push(dir);
    const db = new BetterSqlite3(join(dir, 'db.sqlite'));
    db.pragma('foreign_keys = ON');
    db.exec('CREATE TABLE schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    for (const step of before('sqlite')) {
      db.exec(step.sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(step.name, AT);
    }
    for (const row of SEED) db.exec(row);
    expect(migrateSqlite(db)).toContain(STEP);
    const kept = db.prepare(KEPT).all();
    db.close();
    return kept;
  }
  const store = await testStore();
  const client = postgres(store.env.DATABASE_URL!, { max: 1, onnotice: () => undefined });
  try {
    await client.unsafe('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at text NOT NULL)');
    for (const step of before('postgres')) {
      await client.unsafe(step.sql);
      await client.unsafe('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [step.name, AT]);
    }
    for (const row of SEED) await client.unsafe(row);
    await (await openPostgres(store.env.DATABASE_URL!)).close();
    return [...(await client.unsafe(KEPT))];
  } finally {
    await client.end();
    await store.drop();
  }
}

describe(`migration ${STEP}`, () => {
  it('keeps the chosen address of each order completed before it, and nothing for open sessions', async () => {
    expect(await keptAfterUpgrade()).toEqual([
      {
        session_id: 's1',
        address_id: 'a1',
        name: 'Asha',
        flat_number: '12',
        street_name: 'MG Road a1',
        pincode: '560001',
        country: 'IN',
        geopin: '4P3-J24-KJML',
        latitude: 12.9755,
        longitude: 77.6069,
      },
    ]);
  });
});
