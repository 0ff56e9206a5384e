// PostgreSQL out of reach while a node serves: requests that need it answer 503 store_unavailable with Retry-After (a
// client retries; nothing is its fault), /readyz says not ready, and the node serves again once it is back.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { errorCode, startHarness, type Harness, type Shop } from '../checkout/support.ts';
import { testStore } from '../support/server.ts';

/** Relays 127.0.0.1:<port> (0: any) to host:port, or with "hold" accepts and never answers; prints its port. */
const RELAY = `
const net = require('node:net');
const [host, port, listen, mode] = process.argv.slice(1);
const server = net.createServer((client) => {
  if (mode === 'hold') return client.on('error', () => undefined);
  const upstream = net.connect(Number(port), host);
  for (const s of [client, upstream]) s.on('error', () => s.destroy());
  client.pipe(upstream).pipe(client);
});
server.listen(Number(listen), '127.0.0.1', () => console.log(server.address().port));
`;

interface Relay {
  port: number;
  /** Kills the relay, and every connection with it: the port refuses. */
  cut(): Promise<void>;
  /** A relay again on the same port, or (`hold`) one that accepts connections and never answers. */
  mend(mode?: 'hold'): Promise<void>;
}

/** A TCP relay to the database in a process of its own. */
async function relay(target: URL): Promise<Relay> {
  let child: ChildProcess;
  const start = async (listen: number, mode = '') => {
    child = spawn(process.execPath, ['-e', RELAY, target.hostname, target.port || '5432', String(listen), mode]);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    return Number(line.toString().trim());
  };
  const cut = async () => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  };
  const port = await start(0);
  return {
    port,
    cut,
    async mend(mode) {
      await cut();
      await start(port, mode);
    },
  };
}

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
