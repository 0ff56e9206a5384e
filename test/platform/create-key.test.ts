// `npm run key:create` end to end: the CLI writes a hashed key into the server's database, and the printed key works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScript } from '../support/run-script.ts';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';
import { commandEnv } from '../support/server.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

const createKey = (args: string[]) => runScript('create-key.ts', args, commandEnv(api.server));

describe('scripts/create-key.ts', () => {
  it('prints a key once, stores only its hash, and the key works against the running server', async () => {
    const { stdout, status } = createKey(['--plan', 'paid', '--label', 'cli']);
    expect(status).toBe(0);
    const key = stdout.trim();
    expect(key).toMatch(/^gp_sk_[\w-]{32}$/);
    const stored = await api.server.parts.sql.get<{ key_hash: string; plan: string }>(
      'SELECT key_hash, plan, label FROM api_keys WHERE label = ?',
      ['cli'],
    );
    expect(stored?.plan).toBe('paid');
    expect(stored?.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(await api.server.parts.sql.all('SELECT * FROM api_keys'))).not.toContain(key);
    const res = await api.call('GET', '/v1/geopin/usage', { headers: { 'x-api-key': key } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ plan: 'paid', used: 0, limit: 100000 });
  });

  it("says the limits the key was given, not only its plan's", () => {
    const { stderr, status } = createKey(['--plan', 'free', '--monthly-limit', '300', '--rate-limit', '5']);
    expect(status).toBe(0);
    expect(stderr).toContain('free plan, 300 requests per month (set for this key), 5 per second');
    expect(stderr).not.toContain('25,000');
    expect(createKey(['--plan', 'paid']).stderr).toContain('Paid: 100,000 requests per month');
  });

  it('creates public keys bound to origins', async () => {
    const key = createKey(['--plan', 'free', '--public', '--origins', 'https://a.com,https://b.com']).stdout.trim();
    expect(key).toMatch(/^gp_pub_/);
    const check = (origin: string) =>
      api.call('GET', '/v1/pincode/validate/560038', { headers: { 'x-api-key': key, origin } });
    expect((await check('https://b.com')).status).toBe(200);
    expect((await check('https://c.com')).status).toBe(401);
  });

  it('refuses an unknown plan and a public key without origins', () => {
    expect(createKey(['--plan', 'gold']).status).toBe(1);
    const noOrigins = createKey(['--plan', 'free', '--public']);
    expect(noOrigins.status).toBe(1);
    expect(noOrigins.stderr).toContain('allowed origin');
  });
});

describe('scripts/revoke-key.ts', () => {
  it('revokes a key by prefix: the running server refuses it within a second, other keys keep working', async () => {
    const key = createKey(['--plan', 'free', '--label', 'to-revoke']).stdout.trim();
    const other = createKey(['--plan', 'free']).stdout.trim();
    const stats = (k: string) => api.call('GET', '/v1/location/stats', { headers: { 'x-api-key': k } });
    expect((await stats(key)).status).toBe(200);
    const revoked = runScript('revoke-key.ts', ['--prefix', key.slice(0, 12)], commandEnv(api.server));
    expect(revoked.status, revoked.stderr).toBe(0);
    const deadline = Date.now() + 1000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await stats(key)).status;
    }
    expect(status).toBe(401);
    // Refused as revoked, not as unknown: its owner learns what happened to it, and when.
    const refused = (await stats(key)).body as { code: string; message: string; revoked_at: string };
    expect(refused.code).toBe('key_revoked');
    expect(refused.message).toBe(`The API key ${key.slice(0, 12)}… was revoked at ${refused.revoked_at}`);
    expect((await stats('gp_sk_never_issued_0000000000000000')).body.code).toBe('invalid_api_key');
    expect((await stats(other)).status).toBe(200);
    // Revoked already, or a store other than the server's: the answer names the store it searched.
    const again = runScript('revoke-key.ts', ['--prefix', key.slice(0, 12)], commandEnv(api.server));
    expect(again.status).toBe(1);
    const { store } = api.server.parts.config;
    expect(again.stderr).toContain(`no active key with prefix ${key.slice(0, 12)} in `);
    if (store.kind === 'sqlite') expect(again.stderr).toContain(store.path);
    expect(again.stderr).toContain('(DB_PATH or DATABASE_URL names the store the server uses; geopin key list');
    expect(revoked.stderr).toContain(' in ');
  });
});
