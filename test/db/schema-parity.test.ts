// The one migration chain gives SQLite and PostgreSQL the same schema, and adopts stores of the earlier layout.
import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LEGACY_STEPS, migrateSqlite, migrationSteps, pendingSteps } from '../../src/db/migrate.ts';
import { openPostgres } from '../../src/db/postgres.ts';
import { testStore } from '../support/server.ts';
import { postgresShape, sqliteShape } from './support/schema-shape.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'migrate-test-'));
  dirs.push(dir);
  return dir;
};

describe('the migration chain', () => {
  it('has the same steps for both dialects, in order', () => {
    const names = migrationSteps('sqlite').map((s) => s.name);
    expect(names.length).toBeGreaterThan(0);
    expect(migrationSteps('postgres').map((s) => s.name)).toEqual(names);
    expect([...names].sort()).toEqual(names);
  });

  it('refuses a chain where a step has only one dialect', () => {
    const dir = `${tempDir()}/`;
    writeFileSync(`${dir}001-a.sqlite.sql`, 'SELECT 1;');
    writeFileSync(`${dir}001-a.postgres.sql`, 'SELECT 1;');
    writeFileSync(`${dir}002-b.sqlite.sql`, 'SELECT 1;');
    expect(() => migrationSteps('sqlite', dir)).toThrow(/002-b/);
  });

  it('adopts a store of the earlier layout as 001-initial and refuses one that stopped part-way', () => {
    const all = new Set(LEGACY_STEPS.sqlite);
    const adopted = pendingSteps('sqlite', all);
    expect(adopted.adopted).toBe('001-initial');
    expect(adopted.pending.map((s) => s.name)).not.toContain('001-initial');
    expect(() => pendingSteps('sqlite', new Set(LEGACY_STEPS.sqlite.slice(0, 4)))).toThrow(/part-way/);
    expect(pendingSteps('postgres', new Set()).adopted).toBeNull();
  });

  it('refuses a store a newer release migrated, before changing anything (a rollback without its backup)', () => {
    const db = new BetterSqlite3(join(tempDir(), 'newer.sqlite'));
    migrateSqlite(db);
    db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run('999-from-a-newer-release', 'x');
    expect(() => migrateSqlite(db)).toThrow(
      /migrated by a newer release \(999-from-a-newer-release\); run that release/,
    );
    const newer = new Set([...migrationSteps('postgres').map((s) => s.name), '999-from-a-newer-release']);
    expect(() => pendingSteps('postgres', newer)).toThrow(/newer release/);
    db.close();
  });

  it('is applied once: migrating an up-to-date SQLite store runs nothing', () => {
    const db = new BetterSqlite3(join(tempDir(), 'a.sqlite'));
    expect(migrateSqlite(db)).toEqual(migrationSteps('sqlite').map((s) => s.name));
    expect(migrateSqlite(db)).toEqual([]);
    db.close();
  });
});

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('SQLite and PostgreSQL after the whole chain', () => {
  it('have the same tables, columns, types, keys, indexes, foreign keys, checks and triggers', async () => {
    const db = new BetterSqlite3(join(tempDir(), 'b.sqlite'));
    migrateSqlite(db);
    const lite = sqliteShape(db);
    db.close();
    const store = await testStore();
    const pg = await openPostgres(store.env.DATABASE_URL!);
    await pg.close();
    const client = postgres(store.env.DATABASE_URL!, { max: 1, onnotice: () => undefined });
    const shape = await postgresShape(client);
    await client.end();
    await store.drop();
    expect(Object.keys(shape).sort()).toEqual(Object.keys(lite).sort());
    for (const table of Object.keys(lite)) expect(shape[table], table).toEqual(lite[table]);
    // The comparison sees what it claims to: a few known facts of the schema.
    expect(lite.api_keys!.checks.length).toBeGreaterThanOrEqual(3);
    expect(lite.checkout_sessions!.foreignKeys).toContainEqual({
      columns: ['selected_address_id'],
      table: 'addresses',
      references: ['id'],
      onDelete: 'set null',
    });
    expect(lite.api_keys!.indexes).toContainEqual({
      name: 'api_keys_revoked',
      columns: ['revoked_at'],
      unique: false,
      where: 'revoked_at is not null',
    });
    expect(lite.delivery_addresses!.indexes).toContainEqual({
      name: 'delivery_addresses_surname',
      columns: ['(expression)'],
      unique: false,
      where: 'name is not null',
    });
    expect(lite.checkout_sessions!.triggers).toContain(
      'session_funnel_stale_on_session_update after update of status, address_completed_at, utm_source, utm_medium, ' +
        'utm_campaign, created_at, merchant_id',
    );
    expect(lite.payment_orders!.triggers).toHaveLength(3);
  });
});
