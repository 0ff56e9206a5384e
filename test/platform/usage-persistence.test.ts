// Usage counts are buffered in memory, yet a clean shutdown leaves every one of them in the store.
import { describe, expect, it } from 'vitest';
import type { Sql } from '../../src/db/sql.ts';
import { openStore } from '../../src/main/store.ts';
import { sha256 } from '../../src/kernel/crypto.ts';
import { startApi } from '../geocoding/api-client.ts';

const usageOf = (sql: Sql, key: string) =>
  sql.all<{ month: string; requests: number }>(
    'SELECT u.month, u.requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?',
    [sha256(key)],
  );

describe('usage persistence', () => {
  it('writes N counted requests to the store by the time the server has stopped', async () => {
    const api = await startApi();
    try {
      const key = await api.createKey({ plan: 'free', rateLimitOverride: 10_000 });
      const n = 137;
      for (let i = 0; i < n; i += 10) {
        await Promise.all(
          Array.from({ length: Math.min(10, n - i) }, () => api.get('/v1/location/stats', { 'x-api-key': key })),
        );
      }
      await api.server.app.stop();
      const sql = await openStore(api.server.parts.config.store);
      try {
        expect(await usageOf(sql, key)).toEqual([{ month: new Date().toISOString().slice(0, 7), requests: n }]);
      } finally {
        await sql.close();
      }
    } finally {
      await api.server.dispose();
    }
  });

  it('also flushes on a timer while the server runs', async () => {
    const api = await startApi();
    try {
      const key = await api.createKey({ plan: 'free' });
      await api.get('/v1/location/stats', { 'x-api-key': key });
      await new Promise((resolve) => setTimeout(resolve, 1300));
      expect((await usageOf(api.server.parts.sql, key))[0]?.requests).toBe(1);
    } finally {
      await api.server.dispose();
    }
  });
});
