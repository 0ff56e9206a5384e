// Text with NUL on the project's store: PostgreSQL cannot hold it, so the statement is refused as a client's mistake
// (400 invalid_request) instead of failing (500); SQLite keeps it as it is.
import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/kernel/errors.ts';
import { openTestDb, type TestDb } from '../webhooks/support/outbox-db.ts';

let t: TestDb | null = null;
afterEach(async () => {
  await t?.dispose();
  t = null;
});

describe('a text parameter holding NUL', () => {
  it('is refused with invalid_request on PostgreSQL and kept on SQLite, never a store failure', async () => {
    t = await openTestDb();
    const read = t.sql.get<{ v: string }>('SELECT ? AS v', ['order_\u0000x']);
    if (t.sql.dialect === 'postgres') {
      const err = await read.catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect((err as DomainError).code).toBe('invalid_request');
      await expect(t.sql.run('SELECT ?', ['a\u0000'])).rejects.toBeInstanceOf(DomainError);
    } else expect((await read)!.v).toBe('order_\u0000x');
  });
});
