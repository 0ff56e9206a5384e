// PostgreSQL out of reach while a node serves: requests that need it answer 503 store_unavailable with Retry-After (a
// client retries; nothing is its fault), /readyz says not ready, and the node serves again once it is back.
import postgres from 'postgres';
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

  it('marks an import the outage stopped failed once the database is back, not "processing" while the node lives', async () => {
    // Marking it failed needed the store the outage had taken: the batch stayed "processing" for as long as the node ran.
    const direct = postgres(store.env.DATABASE_URL!, { max: 1, onnotice: () => undefined });
    try {
      const rows = Array.from({ length: 5000 }, (_, i) => ({
        email: `stopped${i}@example.in`,
        street_name: `${i} Main Road`,
        pincode: '560001',
      }));
      const sent = h.admin('POST', 'import_customers', shop.key, { batch_label: 'cut short', rows });
      const batch = async () =>
        (
          await direct<{ status: string; imported_count: number }[]>`
          SELECT status, imported_count FROM import_batches WHERE batch_label = 'cut short'`
        )[0];
      await expect
        .poll(async () => (await batch())?.imported_count ?? 0, { timeout: 30_000, interval: 20 })
        .toBeGreaterThan(0);
      await link.cut();
      const reply = await sent;
      expect([reply.status, errorCode(reply)]).toEqual([503, 'store_unavailable']);
      expect((await batch())!.status).toBe('processing');
      await link.mend();
      await expect.poll(async () => (await batch())!.status, { timeout: 15_000 }).toBe('failed');
    } finally {
      await direct.end();
    }
  });
});
