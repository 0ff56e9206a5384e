// SIGKILL during a 5000-row import: after restart the batch is failed with exactly the chunks it committed, or completed
// with all rows; nothing committed is lost, and running the rows again completes them without duplicates.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { clientFor, type Call } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { spawnServer, type Child } from '../webhooks/support/child.ts';
import {
  batchStatus,
  buyerIds,
  fileHealth,
  importRows,
  snapshot,
  type BatchSnapshot,
  type ImportRows,
  type Reader,
} from './support/import-batch-db.ts';

const ROWS = 5000;
/** Bounded retries: each attempt kills at another fraction of the calibrated import time until one lands mid-import. */
const KILL_AT = [0.5, 0.25, 0.1, 0.65, 0.4, 0.05];
/** Fast heartbeats: a killed node is stale after three missed beats, and the restarted server's sweep fails its batch. */
const HEARTBEAT_MS = '50';

interface Server {
  child: Child;
  call: Call;
}

const children: Child[] = [];
/** An in-process app with the same route table, whose endpoints check every reply the child process gives. */
let reference: TestServer;
beforeAll(async () => {
  reference = await startTestServer();
});
afterAll(async () => {
  for (const c of children) if (c.process.exitCode === null && c.process.signalCode === null) c.process.kill('SIGKILL');
  await reference?.dispose();
});

/** Merchants and their API keys, written before any server runs; the store is closed again right away. */
async function createMerchants(path: string, count: number): Promise<Array<{ id: string; key: string }>> {
  const sql = openSqlite(path);
  try {
    const merchants = new MerchantRepository(sql, systemClock);
    const out: Array<{ id: string; key: string }> = [];
    for (let i = 0; i < count; i++) {
      const { merchant, apiKey } = await merchants.create(`Shop ${i}`);
      out.push({ id: merchant.id, key: apiKey });
    }
    return out;
  } finally {
    await sql.close();
  }
}

/**
 * The test only ever reads, through a read-only connection it closes before each restart: so the restarted server,
 * not the test, finds the killed writer's WAL and recovers it, as it would in production.
 */
function reader(path: string): Reader {
  return new Database(path, { readonly: true, fileMustExist: true });
}

async function start(env: Record<string, string>): Promise<Server> {
  const child = await spawnServer(env);
  children.push(child);
  return { child, call: clientFor({ ...reference, baseUrl: child.url }) };
}

function importCall(server: Server, key: string, rows: unknown[]) {
  return server.call('POST', '/checkout-admin?action=import_customers', {
    headers: { 'x-api-key': key },
    body: { batch_label: 'legacy export', rows },
  });
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(1);
  }
}

/** True once the server logged that its heartbeat sweep failed exactly one interrupted batch (JSON log lines). */
function sweptOne(child: Child): boolean {
  return child.output
    .join('')
    .split('\n')
    .some((line) => {
      try {
        const entry = JSON.parse(line) as { msg?: string; failed?: number };
        return entry.msg === 'marked interrupted import batches as failed' && entry.failed === 1;
      } catch {
        return false;
      }
    });
}

/** A batch owns exactly the rows it reports: a completed one all of them, a failed one those of its committed chunks. */
function expectCountedBatch(s: BatchSnapshot, data: ImportRows): void {
  expect(s.batches).toBe(1);
  expect(s.batch?.completed_at).not.toBeNull();
  expect({ buyers: s.buyers, addresses: s.addresses, rowErrors: s.rowErrors }).toEqual({
    buyers: s.batch!.imported_count,
    addresses: s.batch!.imported_count,
    rowErrors: s.batch!.error_count,
  });
  if (s.batch?.status === 'completed')
    expect(s.batch).toMatchObject({ imported_count: data.valid, error_count: data.invalid });
  else expect(s.batch!.imported_count + s.batch!.error_count).toBeLessThan(data.valid + data.invalid);
}

function expectHealthy(db: Reader): void {
  expect(fileHealth(db)).toEqual({ integrity: 'ok', foreignKeyViolations: 0 });
}

describe('bulk import under SIGKILL', () => {
  it('leaves the batch failed with its committed chunks counted or completed with all rows, keeps earlier batches, and a re-run adds no duplicate buyers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-crash-'));
    const path = join(dir, 'app.sqlite');
    const [base, ...crashShops] = await createMerchants(path, 1 + KILL_AT.length);
    const env = {
      DB_PATH: path,
      CHECKOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      NODE_HEARTBEAT_MS: HEARTBEAT_MS,
    };
    let db: Reader | undefined;
    try {
      let server = await start(env);
      db = reader(path);

      // Calibration: a committed batch that every later crash must leave intact, and the import's duration to aim the kills.
      const baseRows = importRows('base', ROWS, 1);
      const calibration = importCall(server, base!.key, baseRows.rows);
      await until(() => batchStatus(db!, base!.id) !== 'none', 30_000);
      const startedAt = performance.now();
      expect((await calibration).status).toBe(200);
      const importMs = performance.now() - startedAt;
      const committed = snapshot(db, base!.id);
      expectCountedBatch(committed, baseRows);
      expect(committed.batch?.status).toBe('completed');

      const observed: string[] = [];
      for (let attempt = 0; attempt < KILL_AT.length && !observed.includes('processing'); attempt++) {
        const shop = crashShops[attempt]!;
        const data = importRows(`a${attempt}`, ROWS, attempt + 2);
        const request = importCall(server, shop.key, data.rows).catch(() => null);
        await until(() => batchStatus(db!, shop.id) !== 'none', 30_000);
        await sleep(KILL_AT[attempt]! * importMs);
        server.child.process.kill('SIGKILL');
        await server.child.exited;
        await request;
        const atKill = batchStatus(db, shop.id);
        observed.push(atKill);
        // Before recovery only committed chunks are visible, each with its counts.
        if (atKill === 'processing') {
          const partial = snapshot(db, shop.id);
          expect({ buyers: partial.buyers, rowErrors: partial.rowErrors }).toEqual({
            buyers: partial.batch!.imported_count,
            rowErrors: partial.batch!.error_count,
          });
        }
        expectHealthy(db);
        db.close();

        server = await start(env);
        db = reader(path);
        // The restarted node's heartbeat sweep fails the dead node's batch once that node is stale.
        await until(() => batchStatus(db!, shop.id) !== 'processing', 10_000);
        const recovered = snapshot(db, shop.id);
        expectCountedBatch(recovered, data);
        expect(recovered.batch?.status).toBe(atKill === 'processing' ? 'failed' : 'completed');
        if (atKill === 'processing') await until(() => sweptOne(server.child), 5000);
        expect(snapshot(db, base!.id)).toEqual(committed);
        expectHealthy(db);

        const status = await server.call(
          'GET',
          `/checkout-admin?action=import_status&batch_id=${recovered.batch!.id}`,
          { headers: { 'x-api-key': shop.key } },
        );
        expect(status.body.data.batch).toMatchObject({
          id: recovered.batch!.id,
          status: recovered.batch!.status,
          completed_at: expect.any(String),
        });

        const before = buyerIds(db, shop.id);
        const rerun = await importCall(server, shop.key, data.rows);
        expect(rerun.status).toBe(200);
        expect(rerun.body.data).toMatchObject({
          status: 'completed',
          imported_count: data.valid,
          error_count: data.invalid,
        });
        // The rows the killed batch committed update the buyers they made; the rest are new.
        const imported = (rerun.body.data.results as Array<{ success: boolean; buyer_id?: string }>).filter(
          (r) => r.success,
        );
        expect(imported.filter((r) => before.has(r.buyer_id!)).length).toBe(recovered.batch!.imported_count);
        expect(snapshot(db, shop.id)).toMatchObject({
          batches: 2,
          buyers: data.valid,
          distinctLegacyIds: data.valid,
          addresses: data.valid,
        });
      }
      expect(observed).toContain('processing');
      server.child.process.kill('SIGTERM');
      expect(await server.child.exited).toBe(0);
      expectHealthy(db);
    } finally {
      db?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
