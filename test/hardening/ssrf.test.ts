// Issue 13 "SSRF": in production, webhook and courier URLs naming this machine (host name, localtest.me, [::7f00:1], NAT64, any port) were called; now all are refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MerchantRepository } from '../../src/checkout/merchant-repository.ts';
import { openSqlite } from '../../src/db/sqlite.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { dataOf, errorCode, startHarness, type Harness, type Shop } from '../checkout/support.ts';
import { startDnsServer, staticZone, type DnsServer } from '../net/support/dns-server.ts';
import { spawnServer } from '../webhooks/support/child.ts';

/** Names the probe used, and every special-purpose range, as a DNS server on loopback answers them (TTL 0). */
const ZONE: Record<string, string[]> = {
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'private.example': ['10.0.0.7'],
  'cgnat.example': ['100.64.1.1'],
  'metadata.example': ['169.254.169.254'],
  'nat64.example': ['64:ff9b::7f00:1'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'compat.example': ['::7f00:1'],
  'ula.example': ['fd00::1'],
  'docs.example': ['192.0.2.10'],
  // One public answer beside a loopback one: any refused address refuses the name.
  'mixed.example': ['93.184.216.34', '127.0.0.1'],
};

/** A port on this machine with something listening: what a port scan looks for. It counts every connection. */
let victim: { server: Server; port: number; connections: number };
let dns: DnsServer;
let h: Harness;
beforeAll(async () => {
  const server = createServer((socket) => {
    victim.connections++;
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  victim = { server, port: (server.address() as AddressInfo).port, connections: 0 };
  dns = await startDnsServer(staticZone(ZONE));
  // Production rules, the victim's port allowed (so only address checks stand in the way), names resolved by our DNS server.
  h = await startHarness({
    NODE_ENV: 'production',
    EGRESS_ALLOWED_PORTS: `443,${victim.port}`,
    EGRESS_DNS_SERVERS: `127.0.0.1:${dns.port}`,
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_MAX_ATTEMPTS: '1',
  });
}, 60_000);
afterAll(async () => {
  await h?.dispose();
  await dns?.close();
  victim?.server.close();
});

async function attempt(
  shop: Shop,
  deliveryId: string,
): Promise<{ error: string | null; http_status: number | null; response_body: string | null }> {
  for (let i = 0; i < 200; i++) {
    const log = dataOf(await h.admin('GET', 'webhook_deliveries', shop.key));
    const row = log.deliveries.find((d: { delivery_id: string }) => d.delivery_id === deliveryId);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no attempt logged for ${deliveryId}`);
}

describe('merchant URLs that reach this machine or its network, in production', () => {
  it('refuses literals, local names, http and other ports when the URL is saved', async () => {
    const shop = await h.merchant('Literal prober');
    const p = victim.port;
    const urls = [
      `https://${hostname().split('.')[0]}:${p}/hook`,
      `https://localhost:${p}/hook`,
      `https://127.0.0.1:${p}/hook`,
      `https://0x7f.1:${p}/hook`,
      `https://2130706433:${p}/hook`,
      `https://[::1]:${p}/hook`,
      `https://[::7f00:1]:${p}/hook`,
      `https://[64:ff9b::7f00:1]:${p}/hook`,
      `https://[::ffff:127.0.0.1]:${p}/hook`,
      'https://10.0.0.7/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://printer.local/',
      'https://db.internal/',
      'http://hooks.shop.example/',
      'https://hooks.shop.example:8080/',
    ];
    for (const url of urls) {
      for (const [action, field] of [
        ['webhooks', 'webhook_url'],
        ['settings', 'courier_coverage_url'],
      ] as const) {
        const res = await h.admin('PATCH', action, shop.key, { [field]: url });
        expect([res.status, errorCode(res)], `${field} ${url}`).toEqual([400, 'invalid_request']);
      }
    }
    expect(dns.queries).toEqual([]);
  });

  it('accepts names at save time but resolves them at every send and refuses any non-public answer, connecting nowhere', async () => {
    for (const name of Object.keys(ZONE)) {
      const shop = await h.merchant(`Prober ${name}`);
      const url = `https://${name}:${victim.port}/hook`;
      expect((await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: url })).status, url).toBe(200);
      expect(
        dns.queries.filter((q) => q.name === name),
        'no lookup at save time',
      ).toEqual([]);
      const { delivery_id: deliveryId } = (await h.admin('POST', 'test_webhook', shop.key)).body;
      // The log says only that the address was refused: no OS error text, no response bytes.
      expect(await attempt(shop, deliveryId), url).toMatchObject({
        error: 'blocked_address',
        http_status: null,
        response_body: null,
      });
      expect(
        dns.queries.some((q) => q.name === name),
        'resolved at send time',
      ).toBe(true);
    }
    expect(victim.connections).toBe(0);
  }, 60_000);

  it('refuses the courier coverage call to such a name and fails open, without connecting', async () => {
    const shop = await h.merchant('Courier prober');
    expect(
      (
        await h.admin('PATCH', 'settings', shop.key, {
          courier_coverage_url: `https://localtest.me:${victim.port}/coverage`,
        })
      ).status,
    ).toBe(200);
    const buyer = await h.login(shop.id, 'courier-probe@example.com');
    const check = dataOf(await h.addresses(buyer.session_token, { action: 'serviceability_check', pincode: '560001' }));
    expect(check).toMatchObject({ checked: false, block_checkout: false, reason: 'merchant_unreachable' });
    expect(check.message).toContain('blocked_address');
    expect(victim.connections).toBe(0);
  });

  it('rate-limits test_webhook, so the delivery log cannot be driven as a scanner', async () => {
    const shop = await h.merchant('Fast prober');
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: 'https://localtest.me/hook' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await h.admin('POST', 'test_webhook', shop.key)).status);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });
});

describe('a URL saved in dev mode', () => {
  it('is refused after a restart in production: the loopback receiver dev mode reached is never called again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ssrf-restart-'));
    const env = { DB_PATH: join(dir, 'app.sqlite'), WEBHOOK_POLL_MS: '20', WEBHOOK_MAX_ATTEMPTS: '1' };
    const sql = openSqlite(env.DB_PATH);
    const { apiKey } = await new MerchantRepository(sql, systemClock).create('Dev shop');
    await sql.close();
    const admin = (url: string, method: string, action: string, body?: unknown) =>
      fetch(`${url}/checkout-admin?action=${action}`, {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const deliveries = async (url: string) =>
      (
        (await (await admin(url, 'GET', 'webhook_deliveries')).json()) as {
          data: { deliveries: Array<{ error: string | null }> };
        }
      ).data.deliveries;
    try {
      const dev = await spawnServer({ ...env, NODE_ENV: 'test' });
      expect(
        (await admin(dev.url, 'PATCH', 'webhooks', { webhook_url: `http://127.0.0.1:${victim.port}/hook` })).status,
      ).toBe(200);
      await admin(dev.url, 'POST', 'test_webhook');
      while ((await deliveries(dev.url)).length === 0) await new Promise((resolve) => setTimeout(resolve, 25));
      const reached = victim.connections;
      expect(reached).toBe(1);
      dev.process.kill('SIGTERM');
      await dev.exited;

      const production = await spawnServer({
        ...env,
        NODE_ENV: 'production',
        EGRESS_ALLOWED_PORTS: `443,${victim.port}`,
      });
      await admin(production.url, 'POST', 'test_webhook');
      while ((await deliveries(production.url)).length < 2) await new Promise((resolve) => setTimeout(resolve, 25));
      expect((await deliveries(production.url))[0]).toMatchObject({ error: 'blocked_scheme' });
      expect(victim.connections).toBe(reached);
      production.process.kill('SIGTERM');
      await production.exited;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
