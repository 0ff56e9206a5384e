// Imports checked against the India Post directory, with spreadsheet row numbers, a batch list and the full error list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorCode, MISSING_ID, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let a: Shop;
let b: Shop;
beforeAll(async () => {
  h = await startHarness();
  a = await h.merchant('A');
  b = await h.merchant('B');
});
afterAll(() => h?.dispose());

const send = (body: unknown, key = a.key) => h.admin('POST', 'import_customers', key, body);
const rows = [
  { legacy_customer_id: 'OK1', email: 'ok1@example.in', street_name: 'MG Road', city: 'Bengaluru', pincode: '560001' },
  { legacy_customer_id: 'NOPE', email: 'nope@example.in', street_name: '1 Main Road', pincode: '999999' },
  { legacy_customer_id: 'ELSE', email: 'else@example.in', locality: 'Connaught Place', pincode: '560001' },
  { legacy_customer_id: 'BAD', email: 'not-an-email', pincode: '560001' },
];

describe('import_customers against the directory', () => {
  it('refuses a pincode the directory does not know, and imports an address of another pincode with a warning', async () => {
    const result = dataOf(await send({ batch_label: 'sheet', first_row: 2, rows }));
    expect([result.imported_count, result.error_count, result.warning_count]).toEqual([2, 2, 1]);
    expect(result.results[1]).toMatchObject({ success: false, error_code: 'unknown_pincode' });
    expect(result.results[1].error).toBe('pincode 999999 is not in the India Post directory');
    expect(result.results[2]).toMatchObject({ success: true });
    expect(result.results[2].warnings).toEqual(['pincode 560001 does not match "Connaught Place", which is in 110001']);
    expect(result.results[0].warnings).toBeUndefined();
  });

  it('names each error and warning by the row a spreadsheet shows when told the first row', async () => {
    const { batch_id } = dataOf(await send({ first_row: 5002, rows }));
    const status = dataOf(await h.admin('GET', 'import_status', a.key, undefined, `batch_id=${batch_id}`));
    expect(status.batch).toMatchObject({ first_row: 5002, error_count: 2, warning_count: 1 });
    expect(status.errors.map((e: { sheet_row: number; error_code: string }) => [e.sheet_row, e.error_code])).toEqual([
      [5003, 'unknown_pincode'],
      [5005, 'invalid_email'],
    ]);
    expect(status.warnings).toMatchObject([{ kind: 'warning', row_index: 2, sheet_row: 5004 }]);
    expect(status.warnings[0].error_code).toBe('pincode_mismatch');
  });

  it('lists every batch, newest first, for a page loaded later', async () => {
    const list = dataOf(await h.admin('GET', 'import_batches', a.key));
    expect(list.total).toBe(2);
    expect(list.batches.map((x: { first_row: number }) => x.first_row)).toEqual([5002, 2]);
    expect(list.batches[1]).toMatchObject({ label: 'sheet', status: 'completed', total_rows: 4 });
    expect(dataOf(await h.admin('GET', 'import_batches', b.key)).batches).toEqual([]);
  });

  it('pages all errors and warnings of a batch in row order, for the error file', async () => {
    const [latest] = dataOf(await h.admin('GET', 'import_batches', a.key)).batches;
    const page = async (q: string) => dataOf(await h.admin('GET', 'import_errors', a.key, undefined, q));
    const first = await page(`batch_id=${latest.id}&limit=2`);
    const rest = await page(`batch_id=${latest.id}&limit=2&offset=2`);
    expect(first.total).toBe(3);
    expect(
      [...first.issues, ...rest.issues].map((x: { kind: string; sheet_row: number }) => [x.kind, x.sheet_row]),
    ).toEqual([
      ['error', 5003],
      ['warning', 5004],
      ['error', 5005],
    ]);
  });

  it("refuses another merchant's batch, an unknown one, a missing id and a bad first_row", async () => {
    const [latest] = dataOf(await h.admin('GET', 'import_batches', a.key)).batches;
    const foreign = await h.admin('GET', 'import_errors', b.key, undefined, `batch_id=${latest.id}`);
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'batch_not_found']);
    const unknown = await h.admin('GET', 'import_errors', a.key, undefined, `batch_id=${MISSING_ID}`);
    expect(unknown.status).toBe(404);
    expect((await h.admin('GET', 'import_errors', a.key)).status).toBe(400);
    for (const first_row of [0, 1.5, '2', -1]) {
      const bad = await send({ first_row, rows });
      expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_request']);
    }
  });
});
