// Monthly quotas and the per-second burst limit over HTTP, and the usage report.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/kernel/crypto.ts';
import { secondsUntilNextMonth } from '../../src/platform/plans.ts';
import { dataOf, startApi, type ApiClient } from '../geocoding/api-client.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

const withKey = (key: string) => ({ 'x-api-key': key });

describe('monthly quota', () => {
  it('answers 429 with Retry-After until the next UTC month once the quota is used', async () => {
    const key = await api.createKey({ plan: 'free', monthlyLimitOverride: 3 });
    for (let i = 0; i < 3; i++) expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(200);
    const res = await api.get('/v1/location/stats', withKey(key));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('monthly_quota_exceeded');
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(Math.abs(retryAfter - secondsUntilNextMonth(new Date()))).toBeLessThan(5);
  });

  it('counts a batch as one request per item and reports usage against the plan', async () => {
    const key = await api.createKey({ plan: 'paid', label: 'usage-test' });
    const locations = Array(50).fill({ latitude: 12.97, longitude: 77.64 });
    expect((await api.post('/v1/location/batch-lookup', { locations }, withKey(key))).status).toBe(200);
    const addresses = Array(3).fill({ address: 'x', pincode: '560038' });
    expect((await api.post('/v1/geopin/batch', { addresses }, withKey(key))).status).toBe(200);
    const usage = dataOf(await api.get('/v1/geopin/usage', withKey(key)));
    expect(usage).toMatchObject({
      plan: 'paid',
      label: 'usage-test',
      used: 53,
      limit: 100000,
      remaining: 99947,
      rate_limit: { per_second: 50, burst: 100 },
    });
    expect(usage.month).toBe(new Date().toISOString().slice(0, 7));
    expect(usage.resets_at).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
  });

  it('does not count rejected requests', async () => {
    const key = await api.createKey({ plan: 'free', monthlyLimitOverride: 1 });
    await api.get('/v1/location/stats', withKey(key));
    for (let i = 0; i < 3; i++) expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const stored = await api.server.parts.sql.get<{ requests: number }>(
      'SELECT requests FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?',
      [sha256(key)],
    );
    expect(stored?.requests).toBe(1);
  });

  it('counts only answered requests, not those the route refuses with a 4xx', async () => {
    const key = await api.createKey({ plan: 'paid' });
    expect((await api.get('/v1/geopin/encode?latitude=NaN&longitude=77', withKey(key))).status).toBe(400);
    expect((await api.get('/v1/geopin/decode?digipin=---', withKey(key))).status).toBe(400);
    expect((await api.post('/v1/location/lookup', '{"latitude":', withKey(key))).status).toBe(400);
    expect((await api.post('/v1/location/lookup', { latitude: 8.0, longitude: 68.0 }, withKey(key))).status).toBe(404);
    expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(200);
    expect(dataOf(await api.get('/v1/geopin/usage', withKey(key))).used).toBe(1);
  });
});

describe('burst limit', () => {
  it('answers 429 with Retry-After: 1 past 100 requests in a burst, and recovers a second later', async () => {
    const key = await api.createKey({ plan: 'enterprise' });
    const statuses = await Promise.all(
      Array.from({ length: 250 }, () =>
        api
          .get('/v1/location/stats', withKey(key))
          .then((r) => [r.status, r.headers.get('retry-after'), r.body] as const),
      ),
    );
    const limited = statuses.filter(([status]) => status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(statuses.filter(([status]) => status === 200).length).toBeGreaterThanOrEqual(100);
    expect(limited[0]![1]).toBe('1');
    expect(limited[0]![2].code).toBe('rate_limited');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(200);
  });
});

describe('Retry-After after a batch', () => {
  const wait = (seconds: string | null) => new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000 + 50));

  it('is the wait until a retried batch passes: a token to be admitted and the half bucket its items need', async () => {
    const key = await api.createKey({ plan: 'paid', rateLimitOverride: 1 });
    const locations = Array(5).fill({ latitude: 12.97, longitude: 77.64 });
    const batch = () => api.post('/v1/location/batch-lookup', { locations }, withKey(key));
    // A bucket of 2 at 1 a second: the batch of 5 passes and leaves 3 tokens of debt; a batch again needs 1 + 1.
    expect((await batch()).status).toBe(200);
    const refused = await batch();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '5']);
    await wait(refused.headers.get('retry-after'));
    expect((await batch()).status).toBe(200);
  });

  it('lets a client that waits it through at the first retry, at the default 50 a second', async () => {
    const key = await api.createKey({ plan: 'enterprise' });
    const locations = Array(100).fill({ latitude: 12.97, longitude: 77.64 });
    const batch = () => api.post('/v1/location/batch-lookup', { locations }, withKey(key));
    expect((await batch()).status).toBe(200);
    // Refused at the door with the bucket empty: a second would bring one token, the batch needs 51.
    const refused = await batch();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '2']);
    await wait(refused.headers.get('retry-after'));
    expect((await batch()).status).toBe(200);
    // A single request after a batch still waits only for its own token.
    const single = await api.post('/v1/location/lookup', { latitude: 12.97, longitude: 77.64 }, withKey(key));
    expect([single.status, single.headers.get('retry-after')]).toEqual([429, '1']);
  });
});

describe('usage report', () => {
  it('stays readable over the monthly quota and is not itself counted', async () => {
    const key = await api.createKey({ plan: 'free', monthlyLimitOverride: 2 });
    for (let i = 0; i < 2; i++) expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(200);
    expect((await api.get('/v1/location/stats', withKey(key))).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      const usage = dataOf(await api.get('/v1/geopin/usage', withKey(key)));
      expect(usage).toMatchObject({ used: 2, limit: 2, remaining: 0 });
    }
  });
});
