// A fresh migrated store of the test's project (an SQLite file, or a PostgreSQL database), and readers of the outbox and its log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Sql } from '../../../src/db/sql.ts';
import { openSqlite } from '../../../src/db/sqlite.ts';
import { testStore } from '../../support/server.ts';

export interface TestDb {
  sql: Database;
  /** Variables that point a server child process at this same store. */
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** Opens a migrated store: SQLite in a temp dir, or in the `postgres` project a fresh PostgreSQL database. */
export async function openTestDb(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'webhooks-test-'));
  const store = await testStore();
  const path = join(dir, 'app.sqlite');
  const sql = store.env.DATABASE_URL
    ? await (await import('../../../src/db/postgres.ts')).openPostgres(store.env.DATABASE_URL)
    : openSqlite(path);
  let closed = false;
  return {
    sql,
    env: store.env.DATABASE_URL ? store.env : { DB_PATH: path },
    async dispose() {
      if (!closed) await sql.close();
      closed = true;
      await store.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface OutboxRowView {
  id: number;
  status: string;
  attempts: number;
  delivery_id: string;
  event: string;
}

/** Every outbox row, oldest first. */
export function outboxRows(sql: Sql): Promise<OutboxRowView[]> {
  return sql.all<OutboxRowView>('SELECT id, status, attempts, delivery_id, event FROM webhook_outbox ORDER BY id');
}

export interface AttemptView {
  outbox_id: number;
  attempt: number;
  http_status: number | null;
  error: string | null;
  next_retry_at: string | null;
  response_body: string | null;
}

/** Every logged attempt, oldest first. */
export function deliveryLog(sql: Sql): Promise<AttemptView[]> {
  return sql.all<AttemptView>(
    'SELECT outbox_id, attempt, http_status, error, next_retry_at, response_body FROM webhook_deliveries ORDER BY id',
  );
}
