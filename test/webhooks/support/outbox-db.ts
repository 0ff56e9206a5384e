// A fresh migrated database (checkout's outbox tables included) for dispatcher and payment tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../../src/db/open.ts';

export interface TestDb {
  db: Db;
  path: string;
  dispose(): void;
}

/** Opens a migrated SQLite file in a temp dir (a file, so a child process can share it). */
export function openTestDb(): TestDb {
  const dir = mkdtempSync(join(tmpdir(), 'webhooks-test-'));
  const path = join(dir, 'app.sqlite');
  const db = openDatabase(path);
  return {
    db,
    path,
    dispose() {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every outbox row, oldest first. */
export function outboxRows(db: Db): Array<{ id: number; status: string; attempts: number; delivery_id: string; event: string }> {
  return db.prepare('SELECT id, status, attempts, delivery_id, event FROM webhook_outbox ORDER BY id').all() as never;
}

/** Every logged attempt, oldest first. */
export function deliveryLog(db: Db): Array<{ outbox_id: number; attempt: number; http_status: number | null; error: string | null; next_retry_at: string | null; response_body: string | null }> {
  return db.prepare('SELECT * FROM webhook_deliveries ORDER BY id').all() as never;
}
