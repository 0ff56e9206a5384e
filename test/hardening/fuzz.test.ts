// Fuzz over real HTTP: seeded malformed requests to every endpoint never get a 5xx, always get {error, message, code}, and change no row.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTIONS } from '../../src/checkout/admin-routes.ts';
import { ADDRESS_ACTIONS } from '../../src/checkout/schema.ts';
import { ApiKeyStore, hashKey } from '../../src/platform/api-keys.ts';
import { reasonPhrase } from '../../src/server/http-error.ts';
import { startHarness, type Harness } from '../checkout/support.ts';
import { datasetDir } from '../support/dataset.ts';
import { snapshot } from './support/db-snapshot.ts';
import { endpoints, type Targets } from './support/endpoints.ts';
import { fuzzRequests, HOSTILE_STRINGS, type FuzzRequest } from './support/fuzz-requests.ts';
import { Rng } from './support/rng.ts';

/** FUZZ_SEED reproduces a failing run; FUZZ_COUNT makes a longer one. */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2024);
const COUNT = Number(process.env.FUZZ_COUNT ?? 2500);
const ORIGIN = 'https://shop.example';
/** Auth failures: a run where an endpoint only ever answered these would not have reached its validation. */
const AUTH_CODES = new Set(['missing_api_key', 'invalid_api_key', 'missing_session_token', 'invalid_session', 'origin_not_allowed', 'merchant_not_found']);

let h: Harness;
let t: Targets;

beforeAll(async () => {
  h = await startHarness({ DATA_OUT_DIR: datasetDir });
  const merchant = h.merchant('Fuzz shop', [ORIGIN]);
  const login = await h.login(merchant.id, 'fuzz-buyer@example.com');
  const created = await h.call('POST', '/checkout-addresses', {
    headers: { 'x-session-token': login.session_token },
    body: { action: 'create', address: { line1: '1 MG Road', city: 'Bengaluru', pincode: '560001' } },
  });
  expect(created.status).toBe(200);
  const v1Key = new ApiKeyStore(h.server.ctx.db).create({ plan: 'enterprise', label: 'fuzz', rateLimitOverride: 1_000_000 }).key;
  t = { v1Key, merchantKey: merchant.key, merchantId: merchant.id, sessionToken: login.session_token, origin: ORIGIN, addressId: created.body.address.id };
  await outboxIdle();
});
afterAll(async () => h?.dispose());

interface Answer {
  path: string;
  status: number;
  contentType: string;
  text: string;
}

async function send(req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>): Promise<Answer> {
  const res = await fetch(h.server.baseUrl + req.path, { method: req.method, headers: req.headers, body: req.body });
  return { path: req.path, status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** Webhook rows queued by the setup are attempted (and dropped: no webhook_url) before the database is compared. */
async function outboxIdle(): Promise<void> {
  const busy = h.server.ctx.db.prepare("SELECT COUNT(*) FROM webhook_outbox WHERE status IN ('pending', 'sending')").pluck();
  for (let i = 0; i < 100 && (busy.get() as number) > 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(busy.get()).toBe(0);
}

/** What is wrong with an answer, or null: no 5xx, 4xx only when refused, every 4xx in the documented JSON shape. */
function problem(req: Pick<FuzzRequest, 'expect'>, a: Answer): string | null {
  if (a.status >= 500) return `status ${a.status}: ${a.text.slice(0, 200)}`;
  if (req.expect === 'reject' && a.status < 400) return `accepted with ${a.status}: ${a.text.slice(0, 200)}`;
  if (a.status < 400) return null;
  if (!a.contentType.startsWith('application/json')) return `${a.status} with content-type ${a.contentType}: ${a.text.slice(0, 100)}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(a.text) as Record<string, unknown>;
  } catch {
    return `${a.status} body is not JSON: ${a.text.slice(0, 100)}`;
  }
  // The official-compatible encode/decode put the official text in `error` (see README); everything else the reason phrase.
  const errorOk = body.error === reasonPhrase(a.status) || (/^\/v1\/geopin\/(en|de)code\b/.test(a.path) && body.error === body.message);
  if (!errorOk || typeof body.message !== 'string' || typeof body.code !== 'string' || !/^[a-z][a-z0-9_]*$/.test(body.code)) {
    return `${a.status} body is not {error, message, code}: ${a.text.slice(0, 200)}`;
  }
  return null;
}

function usageOf(key: string): number {
  return (h.server.ctx.db.prepare('SELECT COALESCE(SUM(requests), 0) FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?').pluck().get(hashKey(key)) as number);
}

describe('fuzzing every endpoint', () => {
  it(`refuses ${COUNT} seeded malformed requests with a 4xx in the documented shape and leaves every table unchanged`, async () => {
    const started = Date.now();
    const db = h.server.ctx.db;
    // api_usage is checked separately below: answered /v1 requests count by design, refused ones must not.
    const exclude = ['api_usage'];
    const initial = snapshot(db, exclude);
    let previous = JSON.stringify(initial);
    const failures: string[] = [];
    const codes = new Map<string, Set<string>>();
    let counted = 0;
    let slowest = { ms: 0, label: '' };
    const usageBefore = usageOf(t.v1Key);
    const list = endpoints(t);
    for (const req of fuzzRequests(list, t, new Rng(SEED), COUNT)) {
      let answer: Answer;
      const sentAt = performance.now();
      try {
        answer = await send(req);
        const ms = performance.now() - sentAt;
        if (ms > slowest.ms) slowest = { ms, label: req.label };
      } catch (err) {
        failures.push(`${req.label}: no answer (${String((err as Error).cause ?? err)})`);
        continue;
      }
      const wrong = problem(req, answer);
      if (wrong) failures.push(`${req.label}: ${wrong}`);
      const endpoint = req.label.replace(/^#\d+ /, '').replace(/ \[.*$/, '');
      if (!codes.has(endpoint)) codes.set(endpoint, new Set());
      codes.get(endpoint)!.add(answer.status < 400 || wrong ? String(answer.status) : (JSON.parse(answer.text) as { code: string }).code);
      if (req.headers['x-api-key'] === t.v1Key && req.path.startsWith('/v1/') && answer.status < 300) counted++;
      const now = JSON.stringify(snapshot(db, exclude));
      if (now !== previous) failures.push(`${req.label}: changed the database (${diff(previous, now)})`);
      previous = now;
    }
    expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
    // No input is pathological (backtracking regex, quadratic parsing): the slowest answer is ~100 ms on an idle 2-core box.
    expect(slowest.ms, slowest.label).toBeLessThan(2000);
    expect(snapshot(db, exclude)).toEqual(initial);
    // The server runs in this process, so a polluted prototype would show here.
    expect(Object.prototype).not.toHaveProperty('polluted');
    // Every endpoint with inputs got past authentication at least once, so its own validation was exercised.
    for (const e of list.filter((x) => x.auth !== 'public' && (x.body || x.query || x.pathParam || x.path.includes('action=')))) {
      expect([...(codes.get(e.name) ?? [])].filter((c) => !AUTH_CODES.has(c)), e.name).not.toEqual([]);
    }
    // Only answered /v1 requests count against the key; the meter flushes every second.
    await expect.poll(() => usageOf(t.v1Key), { timeout: 3000 }).toBe(usageBefore + counted);
    await new Promise((r) => setTimeout(r, 1100));
    expect(usageOf(t.v1Key)).toBe(usageBefore + counted);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);

  it('covers every route of the OpenAPI document and every checkout action', async () => {
    const doc = JSON.parse((await send({ method: 'GET', path: '/openapi.json', headers: {} })).text) as { paths: Record<string, object> };
    const fuzzed = new Set(endpoints(t).map((e) => `${e.method} ${e.path.split('?')[0]!.replace(/\/(4P3-JK8-52C9|560001)$/, '/{param}')}`));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) expect(fuzzed, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path.replace(/\{\w+\}$/, '{param}')}`);
    }
    const names = endpoints(t).map((e) => e.name);
    for (const [method, actions] of Object.entries(ADMIN_ACTIONS)) for (const a of actions) expect(names).toContain(`${method.toUpperCase()} admin ${a}`);
    for (const a of ADDRESS_ACTIONS) expect(names).toContain(`addresses ${a}`);
    for (const a of ['create_order', 'verify', 'record_cod']) expect(names).toContain(`payment ${a}`);
  });

  it('answers the DIGIPIN inputs the official service mishandles with a 400 or the right value', async () => {
    const get = async (path: string) => {
      const a = await send({ method: 'GET', path, headers: { 'x-api-key': t.v1Key } });
      expect(problem({ expect: 'answer' }, a), path).toBeNull();
      return { status: a.status, body: JSON.parse(a.text) as Record<string, any> };
    };
    const post = async (path: string, body: string) => {
      const a = await send({ method: 'POST', path, headers: { 'x-api-key': t.v1Key, 'content-type': 'application/json' }, body });
      expect(problem({ expect: 'answer' }, a), path).toBeNull();
      return { status: a.status, body: JSON.parse(a.text) as Record<string, any> };
    };
    expect((await get('/v1/geopin/encode?latitude=NaN&longitude=77.59')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=12.97')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=12.97&longitude=')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=1e308&longitude=77.59')).status).toBe(400);
    expect((await get(`/v1/geopin/encode?latitude=${2 ** 53 + 1}&longitude=77.59`)).status).toBe(400);
    expect((await post('/v1/geopin/coordinates-to-geopin', '{"latitude":NaN,"longitude":77.59}')).body.code).toBe('invalid_json');
    expect((await post('/v1/geopin/coordinates-to-geopin', '{"latitude":12.97}')).body.code).toBe('invalid_request');
    const upper = await get('/v1/geopin/decode?digipin=4P3-JK8-52C9');
    expect(upper.status).toBe(200);
    expect((await get('/v1/geopin/decode?digipin=4p3-jk8-52c9')).body).toEqual(upper.body);
    for (const code of ['😀😀😀-😀😀😀-😀😀😀😀', '---', '----------', '4P3JK852C9J', '4P3JK852C', '', '4P3-JK8-52C9\u0000']) {
      expect((await get(`/v1/geopin/decode?digipin=${encodeURIComponent(code)}`)).status, code).toBe(400);
      expect((await post('/v1/geopin/reverse', JSON.stringify({ geopin: code }))).status, code).toBe(400);
      const checked = await get(`/v1/geopin/validate/${encodeURIComponent(code) || '%20'}`);
      expect(checked.body.data?.valid_format ?? false, code).toBe(false);
    }
    expect((await get('/v1/geopin/validate/4p3-jk8-52c9')).body.data).toMatchObject({ valid_format: true, normalized: '4P3-JK8-52C9' });
    const batch = await post('/v1/location/batch-lookup', JSON.stringify({ locations: [{ geopin: '😀😀😀😀😀' }, { geopin: '---' }, { latitude: 1e308, longitude: 1 }] }));
    expect(batch.body.data).toMatchObject({ invalid: 3, found: 0 });
  });

  it('leaves malformed HTTP framing to uWS (its own 400, 431 or 505, then close), survives aborted uploads, and keeps serving', async () => {
    const before = snapshot(h.server.ctx.db, ['api_usage']);
    // uWS refuses these before any handler runs, with its own HTML body: the only 4xx outside the JSON shape, and the
    // only 5xx (505 for anything that is not an HTTP/1.1 request line).
    const framing: Array<[string, string | Buffer, number]> = [
      ['NUL in a header value', 'GET /v1 HTTP/1.1\r\nHost: x\r\nx-api-key: a\u0000b\r\n\r\n', 400],
      ['space in a header name', 'GET /v1 HTTP/1.1\r\nHost: x\r\nx api key: a\r\n\r\n', 400],
      ['negative Content-Length', 'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}', 400],
      ['Content-Length with chunked', 'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
      ['bad chunk size', 'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n', 400],
      ['no Host', 'GET /v1 HTTP/1.1\r\n\r\n', 400],
      ['100k-char header', `GET /v1/location/stats HTTP/1.1\r\nHost: x\r\nx-api-key: ${'k'.repeat(100_000)}\r\n\r\n`, 431],
      ['100k-char query', `GET /v1/geopin/autocomplete?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
      ['HTTP/1.0', 'GET /v1 HTTP/1.0\r\n\r\n', 505],
      ['TLS ClientHello', Buffer.from([0x16, 0x03, 0x01, 0x00, 0xff, 0x01, 0x00]), 505],
    ];
    for (const [what, bytes, status] of framing) {
      const answer = await exchange(bytes, false);
      expect(answer, what).toMatch(new RegExp(`^HTTP/1.1 ${status} .*uWebSockets`, 's'));
    }
    // Clients that vanish mid-upload: the handler never runs and nothing is written.
    const partial = `POST /checkout-admin?action=import_customers HTTP/1.1\r\nHost: x\r\nx-api-key: ${t.merchantKey}\r\nContent-Length: 100000\r\n\r\n{"rows":[{"email":"half@example.com"}`;
    await Promise.all(Array.from({ length: 20 }, () => exchange(partial, true)));
    expect(snapshot(h.server.ctx.db, ['api_usage'])).toEqual(before);
    expect((await send({ method: 'GET', path: '/v1', headers: {} })).status).toBe(200);
  });

  it('stores hostile but valid text verbatim and finds nothing by SQL-looking ids', async () => {
    const db = h.server.ctx.db;
    const tables = () => db.prepare("SELECT name, sql FROM sqlite_master ORDER BY name").all();
    const schema = tables();
    const session = { 'x-session-token': t.sessionToken };
    const printable = HOSTILE_STRINGS.filter((s) => !/[\u0000-\u001f]/.test(s) && s.length > 1);
    const address = { name: printable[3], line1: printable.join(' '), landmark: '\u202eevil\u202c', city: '😀 Bengaluru', state: 'מרחב', pincode: '560001' };
    const created = await h.call('POST', '/checkout-addresses', { headers: session, body: { action: 'create', address } });
    expect(created.status).toBe(200);
    const listed = await h.call('POST', '/checkout-addresses', { headers: session, body: { action: 'list' } });
    expect(listed.body.addresses.find((a: { id: string }) => a.id === created.body.address.id)).toMatchObject(address);
    const before = snapshot(db, ['api_usage']);
    for (const id of ["' OR '1'='1", "x'; DROP TABLE addresses; --", '%', '_', '*']) {
      for (const action of ['update', 'delete', 'set_default', 'address_completed', 'cod_eligibility']) {
        const reply = await h.call('POST', '/checkout-addresses', { headers: session, body: { action, address_id: id, ...(action === 'update' ? { address: { city: 'X' } } : {}) } });
        expect([reply.status, reply.body.code], `${action} ${id}`).toEqual([404, 'address_not_found']);
      }
      const batch = await h.call('GET', `/checkout-admin?action=import_status&batch_id=${encodeURIComponent(id)}`, { headers: { 'x-api-key': t.merchantKey } });
      expect(batch.status).toBe(404);
    }
    expect(snapshot(db, ['api_usage'])).toEqual(before);
    expect(tables()).toEqual(schema);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses control characters in text it would store and forward, and changes nothing', async () => {
    const db = h.server.ctx.db;
    const before = snapshot(db, ['api_usage']);
    const session = { 'x-session-token': t.sessionToken };
    const admin = { 'x-api-key': t.merchantKey };
    for (const bad of ['1 MG\u0000Road', 'bell\u0007', 'esc\u001b[31m', 'del\u007f']) {
      const address = { line1: bad, city: 'Bengaluru', pincode: '560001' };
      const attempts = [
        await h.call('POST', '/checkout-addresses', { headers: session, body: { action: 'create', address } }),
        await h.call('POST', '/checkout-addresses', { headers: session, body: { action: 'update', address_id: t.addressId, address: { landmark: bad } } }),
        await h.call('POST', '/checkout-addresses', { headers: session, body: { action: 'update_session', utm: { utm_source: bad } } }),
        await h.call('POST', '/checkout-offers', { headers: admin, body: { action: 'create', title: bad, discount_type: 'flat', discount_value: 100 } }),
        await h.call('POST', '/checkout-funnel-events', { body: { merchant_id: t.merchantId, event_type: 'checkout_opened', step: 'email', device_type: 'mobile', platform: 'web', session_id: bad } }),
        await h.call('POST', '/checkout-admin?action=import_customers', { headers: admin, body: { batch_label: bad, rows: [{ email: 'x@example.com' }] } }),
      ];
      for (const a of attempts) expect([a.status, a.body.code], JSON.stringify(bad)).toEqual([400, 'invalid_request']);
    }
    expect(snapshot(db, ['api_usage'])).toEqual(before);
  });

  it('writes on exactly one refusal, a wrong OTP code, and only to count it toward the lockout', async () => {
    const db = h.server.ctx.db;
    const email = 'lockout@example.com';
    expect((await h.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: t.merchantId } })).status).toBe(200);
    const code = await h.smtp.nextCode(email);
    const before = snapshot(db, ['api_usage']);
    const wrong = await h.call('POST', '/checkout-email-otp', { body: { action: 'verify', email, merchant_id: t.merchantId, code: code === '000000' ? '000001' : '000000' } });
    expect(wrong.body).toMatchObject({ code: 'invalid_code', attempts_remaining: 4 });
    const after = snapshot(db, ['api_usage']);
    expect({ ...after, otp_codes: null }).toEqual({ ...before, otp_codes: null });
    expect(db.prepare('SELECT failed_attempts FROM otp_codes WHERE merchant_id = ? AND email = ?').pluck().get(t.merchantId, email)).toBe(1);
  });

  it('is still alive and serving real requests after the run', async () => {
    expect((await send({ method: 'GET', path: '/v1', headers: {} })).status).toBe(200);
    const login = await h.login(t.merchantId, 'after-fuzz@example.com');
    const listed = await h.call('POST', '/checkout-addresses', { headers: { 'x-session-token': login.session_token }, body: { action: 'list' } });
    expect(listed).toMatchObject({ status: 200, body: { success: true, addresses: [] } });
  });
});

/** Writes raw bytes on a fresh connection; returns what came back before the server closed it (or before `hangUp`). */
function exchange(bytes: string | Buffer, hangUp: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(h.server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(bytes, () => {
      if (hangUp) socket.destroy();
    });
    socket.setTimeout(5000, () => socket.destroy(new Error(`no close after ${JSON.stringify(received.slice(0, 80))}`)));
  });
}

/** Names of the tables whose snapshot differs. */
function diff(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  return Object.keys({ ...x, ...y }).filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k])).join(', ');
}
