// `npm run package` end to end: the executable alone in an empty directory serves a lookup, a geocode and a COD checkout over real HTTP and SMTP.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executablePath } from '../../scripts/package/paths.ts';
import { packageExecutable } from '../../scripts/package/sea.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { startTestSmtp, type TestSmtp } from '../support/smtp.ts';

let root: string;
let workDir: string;
let env: Record<string, string>;
let smtp: TestSmtp;
let server: ServerProcess;

beforeAll(async () => {
  await packageExecutable();
  root = mkdtempSync(join(tmpdir(), 'geopin-sea-'));
  workDir = join(root, 'run');
  mkdirSync(workDir);
  copyFileSync(executablePath, join(workDir, 'geopin'));
  smtp = await startTestSmtp();
  // Nothing from this environment: no PATH to node, no NODE_OPTIONS, no DB_PATH or DATA_OUT_DIR pointing into the repository.
  env = {
    HOME: join(root, 'home'),
    XDG_CACHE_HOME: join(root, 'cache'),
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    ...smtp.env,
  };
  server = await startServerProcess('./geopin', ['serve'], { cwd: workDir, env });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

const geopin = (...args: string[]) =>
  execFileSync(join(workDir, 'geopin'), args, {
    cwd: workDir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(server.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: await res.json() };
}

describe('the single executable', () => {
  it('runs from its extracted cache, keeps its state in ./geopin-data, and reuses the cache on the next start', () => {
    const [cacheDir, ...others] = readdirSync(join(root, 'cache/geopin'));
    expect(others).toEqual([]);
    expect(cacheDir).toMatch(/^\d+\.\d+\.\d+-[0-9a-f]{16}$/);
    const extracted = join(root, 'cache/geopin', cacheDir!);
    expect(server.output()).toContain(`full dataset from ${join(extracted, 'data/build')}`);
    expect(readdirSync(workDir).sort()).toEqual(['geopin', 'geopin-data']);
    const before = statSync(join(extracted, 'data/build/boundaries.bin')).mtimeMs;
    expect(geopin('--version').trim()).toMatch(/^\d+\.\d+\.\d+ \([0-9a-f]{7,40}(\+changes)?\)$/);
    expect(geopin('merchant', 'create', '--help')).toContain('usage: geopin merchant create');
    expect(statSync(join(extracted, 'data/build/boundaries.bin')).mtimeMs).toBe(before);
  });

  it('answers a geocode and a lookup with a key made by "geopin key create"', async () => {
    const key = geopin('key', 'create', '--plan', 'free').trim();
    expect(key).toMatch(/^gp_sk_/);
    const headers = { 'x-api-key': key };
    const address = {
      address: '12, 100 Feet Road, Indiranagar',
      city: 'Bangalore',
      state: 'Karnataka',
      pincode: '560038',
    };
    const geocode = await call('POST', '/v1/geopin/geocode', { body: address, headers });
    expect(geocode).toMatchObject({
      status: 200,
      body: { success: true, data: { pincode: '560038', state: 'Karnataka' } },
    });
    const lookup = await call('POST', '/v1/location/lookup', { body: geocode.body.data.coordinates, headers });
    expect(lookup).toMatchObject({ status: 200, body: { success: true, data: { pincode: '560038' } } });
    expect((await call('POST', '/v1/location/lookup', { body: { latitude: 12.97 }, headers })).status).toBe(400);
  });

  it('runs a checkout: "geopin merchant create", COD on through /checkout-admin, email OTP over SMTP, an address, a COD payment', async () => {
    const created = geopin('merchant', 'create', '--name', 'Shop', '--origins', 'https://shop.example');
    const merchantId = /^merchant_id=(\S+)$/m.exec(created)![1]!;
    const apiKey = /^api_key=(\S+)$/m.exec(created)![1]!;
    const admin = { 'x-api-key': apiKey };
    const cod = await call('PATCH', '/checkout-admin?action=cod_config', {
      body: { enable_cod: true, cod_max_cart_value_paise: 500_000 },
      headers: admin,
    });
    expect(cod.body).toEqual({
      success: true,
      data: { enable_cod: true, cod_max_cart_value_paise: 500_000, cod_blocked_pincodes: [] },
    });

    const email = 'buyer@example.com';
    expect(
      (await call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: merchantId } })).status,
    ).toBe(200);
    const code = await smtp.nextCode(email);
    const verified = await call('POST', '/checkout-email-otp', {
      body: { action: 'verify', email, merchant_id: merchantId, code, cart_value_paise: 150_000 },
    });
    expect(verified).toMatchObject({ status: 200, body: { success: true } });
    const session = { 'x-session-token': verified.body.session_token as string };

    const home = {
      name: 'Asha',
      phone: '+919845012345',
      flat_number: '12',
      street_name: 'MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560001',
    };
    const added = await call('POST', '/checkout-addresses', {
      body: { action: 'create', address: home },
      headers: session,
    });
    expect(added.status).toBe(200);
    const completed = await call('POST', '/checkout-addresses', {
      body: { action: 'address_completed', address_id: added.body.data.address.id },
      headers: session,
    });
    expect(completed.body.data.address.geopin).toMatch(/^[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{3}-[2-9CFJKLMPT]{4}$/);
    const paid = await call('POST', '/checkout-payment', { body: { action: 'record_cod' }, headers: session });
    expect(paid).toEqual({ status: 200, body: { success: true, payment_method: 'cod' } });
  });

  it('serves the dashboards and the API reference with their scripts and Swagger UI from its own cache', async () => {
    for (const page of ['/dashboard', '/merchant', '/docs']) {
      const res = await fetch(server.baseUrl + page);
      expect([page, res.status, res.headers.get('content-type')]).toEqual([page, 200, 'text/html; charset=utf-8']);
      // Every script and stylesheet the page names is served too.
      for (const [, asset] of (await res.text()).matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)) {
        expect([asset, (await fetch(server.baseUrl + asset!)).status]).toEqual([asset, 200]);
      }
    }
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    expect(await server.stop()).toBe(0);
    expect(server.output()).toContain('[server] SIGTERM: shutting down');
  });

  it('re-extracts a damaged cache, and refuses a data build without raw inputs', () => {
    const cache = join(root, 'cache/geopin');
    const [cacheDir] = readdirSync(cache);
    const manifest = join(cache, cacheDir!, 'data/build/manifest.json');
    const bytes = statSync(manifest).size;
    truncateSync(manifest, 10);
    expect(geopin('key', 'create', '--plan', 'paid').trim()).toMatch(/^gp_sk_/);
    expect(statSync(manifest).size).toBe(bytes);
    expect(readdirSync(cache)).toEqual([cacheDir]);
    expect(() => geopin('data', 'build')).toThrow(/not the raw inputs; give them with --input DIR or DATA_DIR/);
  });
});
