// PostgreSQL out of reach while a node serves: requests that need it answer 503 store_unavailable with Retry-After (a
// client retries; nothing is its fault), /readyz says not ready, and the node serves again once it is back.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorCode, startHarness, type Harness, type Shop } from '../checkout/support.ts';
import { testStore } from '../support/server.ts';
import { relay, type Relay } from './support/relay.ts';

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('PostgreSQL out of reach', () => {
  let h: Harness;
  let shop: Shop;
  let link: Relay;
  let store: Awaited<ReturnType<typeof testStore>>;

  beforeAll(async () => {
    store = await testStore();
    link = await relay(new URL(store.env.DATABASE_URL!));
    const url = new URL(store.env.DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    h = await startHarness({ ...store.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'silent' });
    shop = await h.merchant();
  });
  afterAll(async () => {
    await h.dispose();
    await link.cut();
    await store.drop();
  });

  it('answers 503 store_unavailable with Retry-After, /readyz 503, and serves again once it is back', async () => {
    expect((await h.admin('GET', 'settings', shop.key)).status).toBe(200);

    await link.cut();
    const refused = await h.admin('GET', 'settings', shop.key);
    expect(refused.status).toBe(503);
    expect(errorCode(refused)).toBe('store_unavailable');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(
      (
        await h.call('POST', '/checkout-email-otp', {
          body: { action: 'send', email: 'a@example.com', merchant_id: shop.id },
        })
      ).status,
    ).toBe(503);
    expect((await h.call('GET', '/readyz')).status).toBe(503);

    await link.mend();
    expect((await h.admin('GET', 'settings', shop.key)).status).toBe(200);
    expect((await h.call('GET', '/readyz')).status).toBe(200);
  });

  it('reads a location key first presented while the store was out of reach once it is back', async () => {
    const { key } = await h.server.parts.access.keys.create({ plan: 'free' });
    const lookup = () =>
      h.call('POST', '/v1/location/lookup', {
        headers: { 'x-api-key': key },
        body: { latitude: 12.9716, longitude: 77.5946 },
      });
    await link.cut();
    const refused = await lookup();
    expect([refused.status, errorCode(refused)]).toEqual([503, 'store_unavailable']);

    await link.mend();
    await expect.poll(async () => (await lookup()).status, { timeout: 15_000 }).toBe(200);
    for (let i = 0; i < 5; i++) expect((await lookup()).status).toBe(200);
  });

  it('answers within its timeouts when the database accepts connections and never answers', async () => {
    await link.mend('hold');
    let started = Date.now();
    expect((await h.call('GET', '/readyz')).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);
    started = Date.now();
    const refused = await h.admin('GET', 'settings', shop.key);
    expect([refused.status, errorCode(refused)]).toEqual([503, 'store_unavailable']);
    expect(Date.now() - started).toBeLessThan(15_000);

    await link.mend();
    await expect.poll(async () => (await h.admin('GET', 'settings', shop.key)).status, { timeout: 15_000 }).toBe(200);
  });
});
