// POST /checkout-admin?action=import_customers and GET import_status: the document's row fields, dedup, limits, isolation, the orphan sweep.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../webhooks/support/receiver.ts';
import { dataOf, errorCode, MISSING_ID, scalar, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let a: Shop;
let b: Shop;
beforeAll(async () => {
  // Fast heartbeats, so the orphan sweep runs several times during the test.
  h = await startHarness({ NODE_HEARTBEAT_MS: '50' });
  a = await h.merchant('A');
  b = await h.merchant('B');
});
afterAll(async () => h.dispose());

const importRows = (key: string, body: unknown) => h.admin('POST', 'import_customers', key, body);
const status = (key: string, batchId: string) =>
  h.admin('GET', 'import_status', key, undefined, `batch_id=${encodeURIComponent(batchId)}`);
const row = (i: number) => ({
  legacy_customer_id: `L${i}`,
  legacy_address_id: `A${i}`,
  email: `c${i}@example.com`,
  phone_e164: `+9198${String(i).padStart(8, '0')}`,
  name: `Customer ${i}`,
  flat_number: `${i}`,
  building_name: 'Lake View',
  street_name: 'MG Road',
  locality: 'Ashok Nagar',
  district: 'Bangalore',
  state: 'Karnataka',
  pincode: '560001',
  label: 'home',
  is_default: true,
});

describe('import_customers', () => {
  it('imports good rows, records bad rows with index, legacy id, code and message, and names unknown columns', async () => {
    const rows = [
      row(1),
      { legacy_customer_id: 'BAD1', email: 'not-an-email' },
      { legacy_address_id: 'BAD2', phone_e164: '98450 12345' },
      { legacy_customer_id: 'BAD3', email: 'ok3@example.com', street_name: 'x', pincode: '5600' },
      { legacy_customer_id: 'OK4', name: 'no contact at all' },
      { legacy_customer_id: 'OK5', email: 'ok5@example.com', street_name: 'only a street' },
      'not an object',
      { phone_e164: '+919845012345', is_default: 'Y' },
      { legacy_customer_id: 'BAD8', is_default: 'maybe' },
      {},
      { legacy_external_id: 'old-name', address_line1: 'old column' },
    ];
    const res = await importRows(a.key, { batch_label: 'legacy-2024', rows });
    const data = dataOf(res);
    expect(data).toMatchObject({
      status: 'completed',
      total_rows: 11,
      imported_count: 4,
      error_count: 7,
      unknown_columns: ['address_line1', 'legacy_external_id'],
    });
    expect(
      data.results.map((r: { success: boolean; error_code?: string }) => (r.success ? 'ok' : r.error_code)),
    ).toEqual([
      'ok',
      'invalid_email',
      'invalid_phone',
      'invalid_pincode',
      'ok',
      'ok',
      'invalid_row',
      'ok',
      'invalid_is_default',
      'empty_row',
      'empty_row',
    ]);
    expect(data.results[0]).toEqual({
      row_index: 0,
      success: true,
      buyer_id: expect.any(String),
      address_id: expect.any(String),
    });
    expect(data.results[4]).toEqual({ row_index: 4, success: true, buyer_id: expect.any(String) });
    expect(data.results[1]).toEqual({
      row_index: 1,
      success: false,
      error: expect.stringContaining('email'),
      error_code: 'invalid_email',
    });
    // A merchant reads it: what the column takes, not a type name.
    expect(data.results[8].error).toBe('is_default: must be yes or no (true/false, y/n and 1/0 are taken too)');
    const st = dataOf(await status(a.key, data.batch_id));
    expect(st.batch).toEqual({
      id: data.batch_id,
      status: 'completed',
      total_rows: 11,
      imported_count: 4,
      error_count: 7,
      warning_count: 0,
      first_row: null,
      source: 'api',
      label: 'legacy-2024',
      created_at: expect.any(String),
      completed_at: expect.any(String),
    });
    expect(st.errors[0]).toEqual({
      kind: 'error',
      row_index: 1,
      sheet_row: null,
      legacy_external_id: 'BAD1',
      error_code: 'invalid_email',
      error_message: expect.stringContaining('email'),
      created_at: expect.any(String),
    });
    expect(st.errors[1]).toMatchObject({ row_index: 2, legacy_external_id: 'BAD2', error_code: 'invalid_phone' });
    expect(st.errors_truncated).toBe(false);
    const stored = await h.sql.get(
      'SELECT flat_number, building_name, street_name, locality, district, state, pincode, label, is_default, legacy_address_id FROM addresses WHERE id = ?',
      [data.results[0].address_id],
    );
    expect(stored).toEqual({
      flat_number: '1',
      building_name: 'Lake View',
      street_name: 'MG Road',
      locality: 'Ashok Nagar',
      district: 'Bangalore',
      state: 'Karnataka',
      pincode: '560001',
      label: 'home',
      is_default: 1,
      legacy_address_id: 'A1',
    });
  });

  it('updates rather than duplicates when the same legacy ids are imported again', async () => {
    const first = dataOf(await importRows(a.key, { rows: [row(10), row(11)] }));
    const again = dataOf(
      await importRows(a.key, { rows: [{ ...row(10), name: 'Renamed', street_name: 'New Road' }, row(11)] }),
    );
    expect(again.results.map((r: { buyer_id: string }) => r.buyer_id)).toEqual(
      first.results.map((r: { buyer_id: string }) => r.buyer_id),
    );
    expect(again.results.map((r: { address_id: string }) => r.address_id)).toEqual(
      first.results.map((r: { address_id: string }) => r.address_id),
    );
    expect(
      await scalar(
        h.sql,
        "SELECT COUNT(*) FROM buyers WHERE merchant_id = ? AND legacy_customer_id IN ('L10', 'L11')",
        [a.id],
      ),
    ).toBe(2);
    expect(
      await scalar(h.sql, "SELECT name FROM buyers WHERE merchant_id = ? AND legacy_customer_id = 'L10'", [a.id]),
    ).toBe('Renamed');
    expect(
      await h.sql.all('SELECT street_name FROM addresses WHERE buyer_id = ?', [first.results[0].buyer_id]),
    ).toEqual([{ street_name: 'New Road' }]);
  });

  it('recognises an address without a legacy id by its lines and pincode', async () => {
    const noLegacy = { email: 'lines@example.com', flat_number: '4', street_name: 'Church Street', pincode: '560001' };
    const first = dataOf(await importRows(a.key, { rows: [noLegacy] }));
    const again = dataOf(
      await importRows(a.key, {
        rows: [
          { ...noLegacy, label: 'office' },
          { ...noLegacy, flat_number: '5' },
        ],
      }),
    );
    expect(again.results[0].address_id).toBe(first.results[0].address_id);
    expect(again.results[1].address_id).not.toBe(first.results[0].address_id);
    // Written in other letter case by another export, it is still the same address.
    const shouted = dataOf(await importRows(a.key, { rows: [{ ...noLegacy, street_name: 'CHURCH STREET' }] }));
    expect(shouted.results[0].address_id).toBe(first.results[0].address_id);
    expect(await scalar(h.sql, 'SELECT COUNT(*) FROM addresses WHERE buyer_id = ?', [first.results[0].buyer_id])).toBe(
      2,
    );
  });

  it('deduplicates buyers by email and phone and reports contacts owned by different buyers', async () => {
    const made = dataOf(
      await importRows(a.key, { rows: [{ email: 'dup@example.com' }, { phone_e164: '+919000000001' }] }),
    );
    const res = dataOf(
      await importRows(a.key, {
        rows: [
          { email: 'DUP@example.com', name: 'Dup' },
          { email: 'dup@example.com', phone_e164: '+919000000001' },
        ],
      }),
    );
    expect(res.results[0]).toMatchObject({ success: true, buyer_id: made.results[0].buyer_id });
    expect(res.results[1]).toMatchObject({ success: false, error_code: 'contact_conflict' });
  });

  it('imports an address of a buyer without an email, and says no one is offered it until one is imported', async () => {
    const lines = { flat_number: '4', street_name: 'Park Street', pincode: '700016' };
    const res = dataOf(
      await importRows(a.key, {
        rows: [
          { legacy_customer_id: 'NOMAIL', phone_e164: '+919000000099', ...lines },
          { email: 'pin-only@example.com', pincode: '700016', landmark: 'Near the tank' },
          { email: 'fine@example.com', ...lines },
          // A later row gives the buyer (matched by legacy id) an email: their next address is reachable.
          { legacy_customer_id: 'NOMAIL', email: 'nomail@example.com' },
          { legacy_customer_id: 'NOMAIL', ...lines, flat_number: '5' },
        ],
      }),
    );
    expect(res.results.map((r: { success: boolean; warnings?: string[] }) => [r.success, r.warnings])).toEqual([
      [
        true,
        [
          'imported without an email: buyers sign in at checkout with their email, so this address is offered to no ' +
            'one until a row with the email is imported',
        ],
      ],
      // A pincode without lines is a fair import (a customer list of pincodes), completed at checkout: no warning.
      [true, undefined],
      [true, undefined],
      [true, undefined],
      [true, undefined],
    ]);
    const batch = dataOf(await status(a.key, res.batch_id));
    expect(batch.warnings.map((w: { error_code: string }) => w.error_code)).toEqual(['no_email']);
    expect(batch.batch.imported_count).toBe(5);
  });

  it('links an OTP login to an imported buyer with the same email', async () => {
    const res = dataOf(
      await importRows(a.key, { rows: [{ legacy_customer_id: 'LOGIN', email: 'imported@example.com' }] }),
    );
    const session = await h.login(a.id, 'imported@example.com');
    expect(session.buyer_id).toBe(res.results[0].buyer_id);
  });

  it('marks a batch with no importable row as failed', async () => {
    const res = dataOf(await importRows(a.key, { rows: [{ email: 'x' }] }));
    expect(res).toMatchObject({ status: 'failed', imported_count: 0, error_count: 1 });
    expect(dataOf(await status(a.key, res.batch_id)).batch).toMatchObject({
      status: 'failed',
      completed_at: expect.any(String),
    });
    // Every row was answered: it did not stop part-way.
    expect(dataOf(await status(a.key, res.batch_id)).stopped).toBeNull();
  });

  it('accepts exactly 5000 rows and truncates the error list at 100', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) =>
      i % 2 === 0 ? row(100_000 + i) : { legacy_customer_id: `E${i}`, email: 'broken' },
    );
    const data = dataOf(await importRows(a.key, { rows }));
    expect(data).toMatchObject({ total_rows: 5000, imported_count: 2500, error_count: 2500 });
    expect(data.results).toHaveLength(5000);
    const st = dataOf(await status(a.key, data.batch_id));
    expect(st.errors).toHaveLength(100);
    expect(st.errors.map((e: { row_index: number }) => e.row_index).slice(0, 3)).toEqual([1, 3, 5]);
    expect(st.errors_truncated).toBe(true);
  });

  it('rejects 5001 rows, no rows, a missing rows field, unknown body keys and invalid JSON with 400 and creates no batch', async () => {
    const count = () => scalar(h.sql, 'SELECT COUNT(*) FROM import_batches');
    const before = await count();
    const tooMany = await importRows(a.key, {
      rows: Array.from({ length: 5001 }, (_, i) => ({ email: `m${i}@example.com` })),
    });
    expect([tooMany.status, errorCode(tooMany)]).toEqual([400, 'invalid_request']);
    expect(tooMany.body.message).toContain('5000');
    expect(errorCode(await importRows(a.key, { rows: [] }))).toBe('invalid_request');
    expect(errorCode(await importRows(a.key, {}))).toBe('invalid_request');
    expect(errorCode(await importRows(a.key, { rows: [row(1)], extra: true }))).toBe('invalid_request');
    expect(errorCode(await importRows(a.key, { rows: 'all of them' }))).toBe('invalid_request');
    const bad = await h.call('POST', '/checkout-admin?action=import_customers', {
      headers: { 'x-api-key': a.key },
      raw: '{"rows": [',
    });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_json']);
    expect(await count()).toBe(before);
  });
});

describe('import_status', () => {
  it('answers 400 without or with a malformed batch_id and 404 for an unknown batch', async () => {
    expect(errorCode(await h.admin('GET', 'import_status', a.key))).toBe('invalid_request');
    expect(errorCode(await status(a.key, 'imp_missing'))).toBe('invalid_request');
    const res = await status(a.key, MISSING_ID);
    expect([res.status, errorCode(res)]).toEqual([404, 'batch_not_found']);
  });

  it("answers 404 when merchant B asks for merchant A's batch, and B's buyers stay separate", async () => {
    const res = dataOf(await importRows(a.key, { rows: [row(7)] }));
    const other = await status(b.key, res.batch_id);
    expect([other.status, errorCode(other)]).toEqual([404, 'batch_not_found']);
    const mine = dataOf(await importRows(b.key, { rows: [row(7)] }));
    expect(mine.results[0].success).toBe(true);
    expect(mine.results[0].buyer_id).not.toBe(res.results[0].buyer_id);
  });
});

describe('interrupted batches', () => {
  it("fails a batch left processing by a node that stopped beating, and never a live node's", async () => {
    const at = new Date().toISOString();
    const insert = (id: string, nodeId: string | null) =>
      h.sql.run(
        "INSERT INTO import_batches (id, merchant_id, status, total_rows, source, node_id, created_at) VALUES (?, ?, 'processing', 10, 'api', ?, ?)",
        [id, a.id, nodeId, at],
      );
    const dead = randomUUID();
    const live = randomUUID();
    await h.sql.run('INSERT INTO nodes (id, started_at, heartbeat_at) VALUES (?, ?, ?)', [
      randomUUID(),
      at,
      '2000-01-01T00:00:00.000Z',
    ]);
    await insert(dead, randomUUID());
    await insert(live, h.server.parts.nodes.id);
    await eventually(async () => dataOf(await status(a.key, dead)).batch.status === 'failed', 5000);
    expect(dataOf(await status(a.key, dead)).batch).toMatchObject({
      status: 'failed',
      imported_count: 0,
      error_count: 0,
      completed_at: expect.any(String),
    });
    expect(dataOf(await status(a.key, dead)).stopped).toBe(
      'Stopped after 0 of 10 rows: the server importing it stopped. Send the same file again; rows already imported ' +
        'are updated, not doubled',
    );
    // Several more beats, each with its sweep: the live node's batch is left alone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(dataOf(await status(a.key, live)).batch).toMatchObject({ status: 'processing', completed_at: null });
  });
});
