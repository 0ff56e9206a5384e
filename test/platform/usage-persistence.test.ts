// Usage counts are buffered in memory, yet a clean shutdown leaves every one of them in the database file.
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../src/platform/api-keys.ts';
import { startApi } from '../geocoding/api-client.ts';

describe('usage persistence', () => {
  it('writes N counted requests to disk by the time the server has stopped', async () => {
    const api = await startApi();
    const key = api.createKey({ plan: 'free', rateLimitOverride: 10_000 });
    const n = 137;
    for (let i = 0; i < n; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, n - i) }, () => api.get('/v1/location/stats', { 'x-api-key': key }).then((r) => r.text())));
    }
    await api.server.stop();
    const db = new Database(join(api.server.dir, 'app.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('SELECT u.month, u.requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?')
        .all(hashKey(key)) as Array<{ month: string; requests: number }>;
      expect(rows).toEqual([{ month: new Date().toISOString().slice(0, 7), requests: n }]);
    } finally {
      db.close();
      rmSync(api.server.dir, { recursive: true, force: true });
    }
  });

  it('also flushes on a timer while the server runs', async () => {
    const api = await startApi();
    try {
      const key = api.createKey({ plan: 'free' });
      await (await api.get('/v1/location/stats', { 'x-api-key': key })).text();
      await new Promise((resolve) => setTimeout(resolve, 1300));
      const stored = api.server.ctx.db
        .prepare('SELECT requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?')
        .pluck()
        .get(hashKey(key));
      expect(stored).toBe(1);
    } finally {
      await api.server.dispose();
    }
  });
});
