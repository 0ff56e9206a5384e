// POST /checkout-admin?action=import_customers and GET import_status: mixed rows, dedup, limits, isolation, crash recovery.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/start.ts';
import { errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let a: { id: string; key: string };
let b: { id: string; key: string };
beforeAll(async () => {
  h = await startHarness();
  a = h.merchant('A');
  b = h.merchant('B');
});
afterAll(async () => h.dispose());

const importRows = (key: string, body: unknown) => h.call('POST', '/checkout-admin?action=import_customers', { headers: { 'x-api-key': key }, body });
const status = (key: string, batchId: string) => h.call('GET', `/checkout-admin?action=import_status&batch_id=${encodeURIComponent(batchId)}`, { headers: { 'x-api-key': key } });
const row = (i: number) => ({ legacy_external_id: `L${i}`, email: `c${i}@example.com`, phone: `+9198${String(i).padStart(8, '0')}`, name: `Customer ${i}`, address_line1: `${i} MG Road`, city: 'Bengaluru', state: 'Karnataka', pincode: '560001' });

describe('import_customers', () => {
  it('imports good rows, records bad rows with index, legacy id, code and message', async () => {
    const rows = [
      row(1),
      { legacy_external_id: 'BAD1', email: 'not-an-email' },
      { legacy_external_id: 'BAD2', phone: '98450 12345' },
      { legacy_external_id: 'BAD3', email: 'ok3@example.com', address_line1: 'x', city: 'y', pincode: '5600' },
      { legacy_external_id: 'BAD4', name: 'no contact' },
      { legacy_external_id: 'BAD5', email: 'ok5@example.com', address_line1: 'only a line' },
      'not an object',
      { phone: '+919845012345' },
    ];
    const res = await importRows(a.key, { batch_label: 'legacy-2024', rows });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ status: 'completed', total_rows: 8, imported_count: 2, error_count: 6 });
    expect(data.results.map((r: { status: string; error_code?: string }) => r.error_code ?? r.status)).toEqual([
      'created', 'invalid_email', 'invalid_phone', 'invalid_pincode', 'missing_contact', 'incomplete_address', 'invalid_row', 'created',
    ]);
    const st = await status(a.key, data.batch_id);
    expect(st.body.data.batch).toMatchObject({ id: data.batch_id, batch_label: 'legacy-2024', status: 'completed', total_rows: 8, imported_count: 2, error_count: 6 });
    expect(st.body.data.batch.completed_at).toEqual(expect.any(String));
    expect(st.body.data.errors[0]).toEqual({ row_index: 1, legacy_external_id: 'BAD1', error_code: 'invalid_email', error_message: expect.stringContaining('email') });
    expect(st.body.data.errors_truncated).toBe(false);
  });

  it('updates rather than duplicates when the same legacy ids are imported again', async () => {
    const first = await importRows(a.key, { rows: [row(10), row(11)] });
    expect(first.body.data.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    const again = await importRows(a.key, { rows: [{ ...row(10), name: 'Renamed' }, row(11)] });
    expect(again.body.data.results.map((r: { status: string }) => r.status)).toEqual(['updated', 'updated']);
    expect(again.body.data.results[0].buyer_id).toBe(first.body.data.results[0].buyer_id);
    const db = h.server.ctx.db;
    expect(db.prepare("SELECT COUNT(*) FROM buyers WHERE merchant_id = ? AND legacy_external_id IN ('L10', 'L11')").pluck().get(a.id)).toBe(2);
    expect(db.prepare("SELECT name FROM buyers WHERE merchant_id = ? AND legacy_external_id = 'L10'").pluck().get(a.id)).toBe('Renamed');
    expect(db.prepare('SELECT COUNT(*) FROM addresses WHERE buyer_id = ?').pluck().get(first.body.data.results[0].buyer_id)).toBe(1);
  });

  it('deduplicates buyers by email and phone and reports contacts owned by different buyers', async () => {
    await importRows(a.key, { rows: [{ email: 'dup@example.com' }, { phone: '+919000000001' }] });
    const res = await importRows(a.key, { rows: [{ email: 'DUP@example.com', name: 'Dup' }, { email: 'dup@example.com', phone: '+919000000001' }] });
    expect(res.body.data.results[0].status).toBe('updated');
    expect(res.body.data.results[1]).toMatchObject({ status: 'error', error_code: 'contact_conflict' });
  });

  it('links an OTP login to an imported buyer with the same email', async () => {
    const res = await importRows(a.key, { rows: [{ legacy_external_id: 'LOGIN', email: 'imported@example.com' }] });
    const session = await h.login(a.id, 'imported@example.com');
    expect(session.buyer_id).toBe(res.body.data.results[0].buyer_id);
  });

  it('marks a batch with no importable row as failed', async () => {
    const res = await importRows(a.key, { rows: [{ email: 'x' }] });
    expect(res.body.data).toMatchObject({ status: 'failed', imported_count: 0, error_count: 1 });
    expect((await status(a.key, res.body.data.batch_id)).body.data.batch.status).toBe('failed');
  });

  it('accepts exactly 5000 rows and truncates the error list at 100', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => (i % 2 === 0 ? row(100_000 + i) : { legacy_external_id: `E${i}`, email: 'broken' }));
    const res = await importRows(a.key, { rows });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total_rows: 5000, imported_count: 2500, error_count: 2500 });
    const st = await status(a.key, res.body.data.batch_id);
    expect(st.body.data.errors).toHaveLength(100);
    expect(st.body.data.errors_truncated).toBe(true);
  });

  it('rejects 5001 rows, no rows, a missing rows field and invalid JSON with 400 and creates no batch', async () => {
    const count = () => h.server.ctx.db.prepare('SELECT COUNT(*) FROM import_batches').pluck().get();
    const before = count();
    const tooMany = await importRows(a.key, { rows: Array.from({ length: 5001 }, (_, i) => row(i)) });
    expect([tooMany.status, errorCode(tooMany)]).toEqual([400, 'too_many_rows']);
    expect(errorCode(await importRows(a.key, { rows: [] }))).toBe('invalid_request');
    expect(errorCode(await importRows(a.key, {}))).toBe('invalid_request');
    expect(errorCode(await importRows(a.key, { rows: [row(1)], extra: true }))).toBe('invalid_request');
    const bad = await h.call('POST', '/checkout-admin?action=import_customers', { headers: { 'x-api-key': a.key }, raw: '{"rows": [' });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_json']);
    expect(count()).toBe(before);
  });
});

describe('import_status', () => {
  it('answers 400 without batch_id and 404 for an unknown batch', async () => {
    expect(errorCode(await h.call('GET', '/checkout-admin?action=import_status', { headers: { 'x-api-key': a.key } }))).toBe('invalid_request');
    const res = await status(a.key, 'imp_missing');
    expect([res.status, errorCode(res)]).toEqual([404, 'batch_not_found']);
  });

  it("answers 404 when merchant B asks for merchant A's batch, and B's buyers stay separate", async () => {
    const res = await importRows(a.key, { rows: [row(7)] });
    const other = await status(b.key, res.body.data.batch_id);
    expect([other.status, errorCode(other)]).toEqual([404, 'batch_not_found']);
    const mine = await importRows(b.key, { rows: [row(7)] });
    expect(mine.body.data.results[0].status).toBe('created');
    expect(mine.body.data.results[0].buyer_id).not.toBe(res.body.data.results[0].buyer_id);
  });
});

describe('crash recovery', () => {
  it('marks batches left processing by a dead process as failed at start-up', async () => {
    const db = h.server.ctx.db;
    db.prepare("INSERT INTO import_batches (id, merchant_id, status, total_rows, created_at) VALUES ('imp_stale', ?, 'processing', 10, ?)").run(a.id, new Date().toISOString());
    const second = await startServer(loadConfig({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DB_PATH: join(h.server.dir, 'app.sqlite') }));
    try {
      const row = second.ctx.db.prepare("SELECT status, completed_at FROM import_batches WHERE id = 'imp_stale'").get() as { status: string; completed_at: string | null };
      expect(row.status).toBe('failed');
      expect(row.completed_at).not.toBeNull();
    } finally {
      await second.stop();
    }
  });
});
