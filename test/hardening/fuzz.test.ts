// Fuzz over real HTTP: seeded malformed requests to every endpoint never get a 5xx, always get the documented error body, and change no row.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonPhrase } from '../../src/http/errors.ts';
import { sha256 } from '../../src/kernel/crypto.ts';
import { dataOf, MISSING_ID, ok, scalar, startHarness, type Harness, type Reply } from '../checkout/support.ts';
import { dashboardClient } from '../dashboard/support/client.ts';
import { signInByApi } from '../dashboard/support/sign-in.ts';
import type { Call } from '../support/client.ts';
import { datasetDir } from '../support/dataset.ts';
import { changedTables, snapshot } from './support/db-snapshot.ts';
import { endpoints, type Endpoint, type Targets } from './support/endpoints.ts';
import { fuzzRequests, HOSTILE_STRINGS, type FuzzRequest } from './support/fuzz-requests.ts';
import { Rng } from './support/rng.ts';
import { outboxIdle } from './support/two-shops.ts';

/** FUZZ_SEED reproduces a failing run; FUZZ_COUNT makes a longer one. */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed2024);
const COUNT = Number(process.env.FUZZ_COUNT ?? 3000);
const ORIGIN = 'https://shop.example';
/** Auth failures: a run where an endpoint only ever answered these would not have reached its validation. */
const AUTH_CODES = new Set([
  'missing_api_key',
  'invalid_api_key',
  'missing_session_token',
  'invalid_session',
  'origin_not_allowed',
  'merchant_not_found',
  'missing_console_session',
  'invalid_console_session',
  'csrf_token_invalid',
  'cross_site_request',
]);

let h: Harness;
let t: Targets;
let list: Endpoint[];
/** The schema-checking client, the dashboards' own (unlisted) routes included. */
let call: Call;

beforeAll(async () => {
  h = await startHarness({ DATA_OUT_DIR: datasetDir });
  call = dashboardClient(h.server);
  const merchant = await h.merchant('Fuzz shop', [ORIGIN]);
  const login = await h.login(merchant.id, 'fuzz-buyer@example.com');
  const created = dataOf(
    await h.addresses(login.session_token, {
      action: 'create',
      address: { flat_number: '1', street_name: 'MG Road', city: 'Bengaluru', pincode: '560001' },
    }),
  );
  const v1 = await h.server.parts.access.keys.create({
    plan: 'enterprise',
    label: 'fuzz',
    rateLimitOverride: 1_000_000,
  });
  // Both dashboards, signed in as people do: the code read from the mail the SMTP server received.
  const developerEmail = 'fuzz-dev@example.com';
  const opsEmail = 'fuzz-ops@example.com';
  await h.server.parts.developerDashboard.accounts.allow(developerEmail, 'paid');
  await h.server.parts.merchantPortal.users.add(merchant.id, opsEmail);
  const developer = {
    email: developerEmail,
    ...(await signInByApi(h.server.baseUrl, '/dashboard/api', developerEmail, h.smtp)),
  };
  const merchantUser = { email: opsEmail, ...(await signInByApi(h.server.baseUrl, '/merchant/api', opsEmail, h.smtp)) };
  const key = await call('POST', '/dashboard/api/keys', {
    headers: { cookie: developer.cookie, 'x-csrf-token': developer.csrf },
    body: { type: 'server', label: 'fuzz' },
  });
  // The Integration page makes the merchant's widget key on its first read: read it once, so the run starts after that.
  ok(await call('GET', '/merchant/api/integration', { headers: { cookie: merchantUser.cookie } }), 'integration');
  // A live code for each signed-in email: a sign-in refusal that let a request reach the code check would count a wrong code.
  for (const [base, email] of [
    ['/dashboard/api', developerEmail],
    ['/merchant/api', opsEmail],
  ] as const) {
    ok(await call('POST', `${base}/sign-in/code`, { body: { email } }), `${base} code`);
    await h.smtp.nextMail(email);
  }
  t = {
    v1Key: v1.key,
    merchantKey: merchant.key,
    merchantId: merchant.id,
    sessionToken: login.session_token,
    sessionId: login.session_id,
    origin: ORIGIN,
    addressId: created.address.id,
    missingId: MISSING_ID,
    developer,
    merchantUser,
    developerKeyId: dataOf(key).record.id,
    foreignKeyId: v1.record.id,
  };
  list = endpoints(t, h.server.app.endpoints);
  await outboxIdle(h);
});
afterAll(async () => h?.dispose());

/** One request through the schema-checking client; a reply that breaks its route's declared schema is an answer with `schemaError`. */
async function send(
  req: Pick<FuzzRequest, 'method' | 'path' | 'headers' | 'body'>,
): Promise<Reply & { schemaError?: string }> {
  const headers = { ...req.headers };
  // fetch labels a string body text/plain when no type is given; the client would say JSON, so say what fetch would.
  if (req.body !== undefined && headers['content-type'] === undefined)
    headers['content-type'] = 'text/plain;charset=UTF-8';
  try {
    return await call(req.method, req.path, { raw: req.body, headers });
  } catch (err) {
    // No answer at all is fetch's TypeError; anything else is the client refusing the reply (schema, JSON).
    if (err instanceof TypeError && err.message === 'fetch failed') throw err;
    return { status: 0, body: null, headers: new Headers(), schemaError: String(err) };
  }
}

/** What is wrong with an answer, or null: schema-true, no 5xx, 4xx only when refused, every 4xx the documented error body. */
function problem(
  req: Pick<FuzzRequest, 'expect'>,
  e: Pick<Endpoint, 'official'>,
  a: Reply & { schemaError?: string },
): string | null {
  if (a.schemaError) return a.schemaError.slice(0, 300);
  const text = JSON.stringify(a.body)?.slice(0, 200);
  if (a.status >= 500) return `status ${a.status}: ${text}`;
  if (req.expect === 'reject' && a.status < 400) return `accepted with ${a.status}: ${text}`;
  if (a.status < 400) return null;
  if (!a.headers.get('content-type')?.startsWith('application/json'))
    return `${a.status} with content-type ${a.headers.get('content-type')}`;
  const body = a.body as Record<string, unknown>;
  // Official-compatible routes put the text in `error` (as India Post's service does); every other route the reason phrase.
  const errorOk = body.error === reasonPhrase(a.status) || (e.official && body.error === body.message);
  if (
    body.success !== false ||
    !errorOk ||
    typeof body.message !== 'string' ||
    typeof body.code !== 'string' ||
    !/^[a-z][a-z0-9_]*$/.test(body.code)
  ) {
    return `${a.status} body is not {success: false, error, message, code}: ${text}`;
  }
  return null;
}

function usageOf(key: string): Promise<number> {
  return scalar(
    h.sql,
    'SELECT COALESCE(SUM(requests), 0) AS n FROM api_usage u JOIN api_keys k ON k.id = u.key_id WHERE k.key_hash = ?',
    [sha256(key)],
  );
}

describe('fuzzing every endpoint', () => {
  it(`refuses ${COUNT} seeded malformed requests with a 4xx in the documented shape and leaves every table unchanged`, async () => {
    const initial = await snapshot(h.sql);
    let previous = initial;
    const failures: string[] = [];
    const codes = new Map<string, Set<string>>();
    let counted = 0;
    let slowest: { ms: number; req: FuzzRequest | null } = { ms: 0, req: null };
    const usageBefore = await usageOf(t.v1Key);
    const byName = new Map(list.map((e) => [e.name, e]));
    for (const req of fuzzRequests(list, t, new Rng(SEED), COUNT)) {
      const endpoint = req.label.replace(/^#\d+ /, '').replace(/ \[.*$/, '');
      let answer: Awaited<ReturnType<typeof send>>;
      const sentAt = performance.now();
      try {
        answer = await send(req);
        const ms = performance.now() - sentAt;
        if (ms > slowest.ms) slowest = { ms, req };
      } catch (err) {
        failures.push(`${req.label}: no answer (${String((err as Error).cause ?? err)})`);
        continue;
      }
      const e = byName.get(endpoint)!;
      const wrong = problem(req, e, answer);
      if (wrong) failures.push(`${req.label}: ${wrong}`);
      // Routes taking a key or the merchant dashboard's cookie: each way in is tracked on its own.
      const way = e.cookieAlternative && req.viaCookie ? `${endpoint} (cookie)` : endpoint;
      if (!codes.has(way)) codes.set(way, new Set());
      codes
        .get(way)!
        .add(answer.status < 400 || wrong ? String(answer.status) : (answer.body as { code: string }).code);
      const metered = req.path.startsWith('/v1/') && !req.path.startsWith('/v1/geopin/usage');
      if (req.headers['x-api-key'] === t.v1Key && metered && answer.status >= 200 && answer.status < 300) counted++;
      // No refusal writes, the dashboards' sign-in included: every mutation of a sign-in request is refused before the code
      // machinery. What sends and wrong codes deliberately write (send counters, the lockout) is pinned by its own test below.
      const now = await snapshot(h.sql);
      const changed = changedTables(previous, now);
      if (changed.length > 0) failures.push(`${req.label}: changed the store (${changed.join(', ')})`);
      previous = now;
    }
    expect(failures.slice(0, 20), `seed ${SEED}: ${failures.length} failures`).toEqual([]);
    expect(await snapshot(h.sql)).toEqual(initial);
    // The server runs in this process, so a polluted prototype would show here.
    expect(Object.prototype).not.toHaveProperty('polluted');
    // Every endpoint with inputs got past authentication (by each way in) at least once, so its own validation was exercised.
    for (const e of list.filter(
      (x) => (x.auth !== 'public' || x.sameSiteOnly) && (x.body || x.query || x.pathParam || x.action),
    )) {
      for (const way of e.cookieAlternative ? [e.name, `${e.name} (cookie)`] : [e.name]) {
        expect(
          [...(codes.get(way) ?? [])].filter((c) => !AUTH_CODES.has(c)),
          way,
        ).not.toEqual([]);
      }
    }
    // Only answered, metered /v1 requests count against the key; the meter flushes every second.
    await expect.poll(() => usageOf(t.v1Key), { timeout: 3000 }).toBe(usageBefore + counted);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await usageOf(t.v1Key)).toBe(usageBefore + counted);
    // No input is pathological (backtracking regex, quadratic parsing): the slowest request, sent again on its own (after
    // the usage checks: it may count) so a busy machine's scheduling is not taken for it, answers well within 2 s.
    const replayedAt = performance.now();
    await send(slowest.req!);
    expect(performance.now() - replayedAt, `${slowest.req!.label} (first ${Math.round(slowest.ms)} ms)`).toBeLessThan(
      2000,
    );
  }, 120_000);

  it('covers every route and every action of the app, and every route of the OpenAPI document', async () => {
    const fuzzed = new Set(list.map((e) => `${e.method} ${e.route} ${e.action ?? ''}`));
    for (const endpoint of h.server.app.endpoints) {
      for (const route of endpoint.routes)
        expect(fuzzed, `${route.method} ${route.path} ${route.action?.name ?? ''}`).toContain(
          `${route.method.toUpperCase()} ${route.path} ${route.action?.name ?? ''}`,
        );
    }
    const doc = (await send({ method: 'GET', path: '/openapi.json', headers: {} })).body as {
      paths: Record<string, object>;
    };
    const routes = new Set(list.map((e) => `${e.method} ${e.route}`));
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops))
        expect(routes, `${method} ${path}`).toContain(`${method.toUpperCase()} ${path}`);
    }
  });

  it('answers the DIGIPIN inputs the official service mishandles with a 400 or the right value', async () => {
    const official = { official: true };
    const get = async (path: string) => {
      const a = await send({ method: 'GET', path, headers: { 'x-api-key': t.v1Key } });
      expect(problem({ expect: 'answer' }, official, a), path).toBeNull();
      return a;
    };
    const post = async (path: string, body: string) => {
      const a = await send({
        method: 'POST',
        path,
        headers: { 'x-api-key': t.v1Key, 'content-type': 'application/json' },
        body,
      });
      expect(problem({ expect: 'answer' }, official, a), path).toBeNull();
      return a;
    };
    expect((await get('/v1/geopin/encode?latitude=NaN&longitude=77.59')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=12.97')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=12.97&longitude=')).body.code).toBe('invalid_request');
    expect((await get('/v1/geopin/encode?latitude=1e308&longitude=77.59')).status).toBe(400);
    expect((await get(`/v1/geopin/encode?latitude=${2 ** 53 + 1}&longitude=77.59`)).status).toBe(400);
    expect((await post('/v1/geopin/coordinates-to-geopin', '{"latitude":NaN,"longitude":77.59}')).body.code).toBe(
      'invalid_json',
    );
    expect((await post('/v1/geopin/coordinates-to-geopin', '{"latitude":12.97}')).body.code).toBe('invalid_request');
    const upper = await get('/v1/geopin/decode?digipin=4P3-JK8-52C9');
    expect(upper.status).toBe(200);
    expect((await get('/v1/geopin/decode?digipin=4p3-jk8-52c9')).body).toEqual(upper.body);
    for (const code of [
      '😀😀😀-😀😀😀-😀😀😀😀',
      '---',
      '----------',
      '4P3JK852C9J',
      '4P3JK852C',
      '',
      '4P3-JK8-52C9\u0000',
    ]) {
      expect((await get(`/v1/geopin/decode?digipin=${encodeURIComponent(code)}`)).status, code).toBe(400);
      expect((await post('/v1/geopin/reverse', JSON.stringify({ geopin: code }))).status, code).toBe(400);
      const checked = await get(`/v1/geopin/validate/${encodeURIComponent(code) || '%20'}`);
      expect(checked.body.data?.valid_format ?? false, code).toBe(false);
    }
    expect((await get('/v1/geopin/validate/4p3-jk8-52c9')).body.data).toMatchObject({
      valid_format: true,
      normalized: '4P3-JK8-52C9',
    });
    const batch = await post(
      '/v1/location/batch-lookup',
      JSON.stringify({ locations: [{ geopin: '😀😀😀😀😀' }, { geopin: '---' }, { latitude: 1e308, longitude: 1 }] }),
    );
    expect(batch.body.data).toMatchObject({ invalid: 3, found: 0 });
  });

  it('leaves malformed HTTP framing to uWS (its own 400, 431 or 505, then close), survives aborted uploads, and keeps serving', async () => {
    const before = await snapshot(h.sql);
    // uWS refuses these before any handler runs, with its own HTML body: the only 4xx outside the JSON shape, and the
    // only 5xx (505 for anything that is not an HTTP/1.1 request line). Raw sockets: no HTTP client can send these.
    const framing: Array<[string, string | Buffer, number]> = [
      ['NUL in a header value', 'GET /v1 HTTP/1.1\r\nHost: x\r\nx-api-key: a\u0000b\r\n\r\n', 400],
      ['space in a header name', 'GET /v1 HTTP/1.1\r\nHost: x\r\nx api key: a\r\n\r\n', 400],
      ['negative Content-Length', 'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}', 400],
      [
        'Content-Length with chunked',
        'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
        400,
      ],
      [
        'bad chunk size',
        'POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n',
        400,
      ],
      ['no Host', 'GET /v1 HTTP/1.1\r\n\r\n', 400],
      [
        '100k-char header',
        `GET /v1/location/stats HTTP/1.1\r\nHost: x\r\nx-api-key: ${'k'.repeat(100_000)}\r\n\r\n`,
        431,
      ],
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
    expect(await snapshot(h.sql)).toEqual(before);
    expect((await send({ method: 'GET', path: '/v1', headers: {} })).status).toBe(200);
  });

  it('stores hostile but valid text verbatim, and refuses SQL-looking ids before any query', async () => {
    const tables = () => h.sql.all('SELECT name, sql FROM sqlite_master ORDER BY name');
    const schema = await tables();
    // Controls and text-direction overrides are refused (schema.ts); everything else hostile is stored as sent.
    const printable = HOSTILE_STRINGS.filter((s) => !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(s) && s.length > 1);
    const address = {
      name: printable[3],
      street_name: printable.join(' '),
      landmark: 'Near \u200dजोड़ gate',
      city: '😀 Bengaluru',
      state: 'מרחב',
      pincode: '560001',
    };
    const created = dataOf(await h.addresses(t.sessionToken, { action: 'create', address }));
    const overridden = await h.addresses(t.sessionToken, {
      action: 'create',
      address: { ...address, landmark: '\u202eevil\u202c' },
    });
    expect([overridden.status, overridden.body.code]).toEqual([400, 'invalid_request']);
    const listed = dataOf(await h.addresses(t.sessionToken, { action: 'list' }));
    expect(listed.addresses.find((a: { id: string }) => a.id === created.address.id)).toMatchObject(address);
    const before = await snapshot(h.sql);
    for (const id of ["' OR '1'='1", "x'; DROP TABLE addresses; --", '%', '_', '*']) {
      for (const action of ['update', 'delete', 'set_default', 'address_completed', 'cod_eligibility']) {
        const reply = await h.addresses(t.sessionToken, {
          action,
          address_id: id,
          ...(action === 'update' ? { address: { city: 'X' } } : {}),
        });
        expect([reply.status, reply.body.code], `${action} ${id}`).toEqual([400, 'invalid_request']);
      }
      const batch = await h.admin(
        'GET',
        'import_status',
        t.merchantKey,
        undefined,
        `batch_id=${encodeURIComponent(id)}`,
      );
      expect([batch.status, batch.body.code]).toEqual([400, 'invalid_request']);
    }
    // Dashboard key ids too, numbers past 32 bits included (PostgreSQL's `integer` failed on them in the query: a 500).
    const developer = { cookie: t.developer.cookie, 'x-csrf-token': t.developer.csrf };
    for (const id of ["1' OR '1'='1", '1;', '2147483648', '9999999999']) {
      const revoke = await call('DELETE', `/dashboard/api/keys/${encodeURIComponent(id)}`, { headers: developer });
      const usage = await call('GET', `/dashboard/api/usage?key_id=${encodeURIComponent(id)}`, { headers: developer });
      expect([revoke.status, revoke.body.code, usage.status, usage.body.code], id).toEqual([
        400,
        'invalid_request',
        400,
        'invalid_request',
      ]);
    }
    const missing = await h.addresses(t.sessionToken, { action: 'delete', address_id: MISSING_ID });
    expect([missing.status, missing.body.code]).toEqual([404, 'address_not_found']);
    expect(await snapshot(h.sql)).toEqual(before);
    expect(await tables()).toEqual(schema);
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('refuses control characters in text it would store and forward, and changes nothing', async () => {
    const before = await snapshot(h.sql);
    for (const bad of ['1 MG\u0000Road', 'bell\u0007', 'esc\u001b[31m', 'del\u007f']) {
      const address = { street_name: bad, city: 'Bengaluru', pincode: '560001' };
      const attempts = [
        await h.addresses(t.sessionToken, { action: 'create', address }),
        await h.addresses(t.sessionToken, { action: 'update', address_id: t.addressId, address: { landmark: bad } }),
        await h.addresses(t.sessionToken, { action: 'update_session', utm: { utm_source: bad } }),
        await h.call('POST', '/checkout-offers', {
          headers: { 'x-api-key': t.merchantKey },
          body: { action: 'create', title: bad, discount_type: 'flat', discount_value: 100 },
        }),
        await h.call('POST', '/checkout-funnel-events', {
          body: { merchant_id: t.merchantId, event_type: 'checkout_opened', step: bad },
        }),
        await h.admin('POST', 'import_customers', t.merchantKey, {
          batch_label: bad,
          rows: [{ email: 'x@example.com' }],
        }),
      ];
      for (const a of attempts) expect([a.status, a.body.code], JSON.stringify(bad)).toEqual([400, 'invalid_request']);
    }
    expect(await snapshot(h.sql)).toEqual(before);
  });

  it('writes on one checkout refusal, a wrong OTP code, and only to count it toward the lockouts', async () => {
    const email = 'lockout@example.com';
    ok(
      await h.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: t.merchantId } }),
      'send',
    );
    const code = await h.smtp.nextCode(email);
    const before = await snapshot(h.sql);
    const wrong = await h.call('POST', '/checkout-email-otp', {
      body: { action: 'verify', email, merchant_id: t.merchantId, code: code === '000000' ? '000001' : '000000' },
    });
    expect(wrong.body).toMatchObject({ code: 'invalid_code', attempts_remaining: 4 });
    // The code's own count, the (merchant, email, address) count and the per-address spray counter; nothing else.
    expect(changedTables(before, await snapshot(h.sql)).sort()).toEqual(['otp_codes', 'otp_failures', 'rate_counters']);
    expect(
      await scalar(h.sql, 'SELECT failed_attempts FROM otp_codes WHERE merchant_id = ? AND email = ?', [
        t.merchantId,
        email,
      ]),
    ).toBe(1);
  });

  it('writes on a dashboard sign-in refusal only to count it: a send toward the send limits, a wrong code toward the lockout', async () => {
    const email = 'lockout-ops@example.com';
    await h.server.parts.merchantPortal.users.add(t.merchantId, email);
    const post = (path: string, body: unknown) =>
      send({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const effect = async (path: string, body: unknown) => {
      const before = await snapshot(h.sql);
      const reply = await post(path, body);
      expect(problem({ expect: 'answer' }, { official: false }, reply), `${path} ${JSON.stringify(body)}`).toBeNull();
      return { status: reply.status, body: reply.body, changed: changedTables(before, await snapshot(h.sql)).sort() };
    };
    // An email that may not sign in: the same answer as a user's, and nothing written, not even a counted send.
    const nobody = await effect('/merchant/api/sign-in/code', { email: 'nobody@example.com' });
    expect(nobody).toMatchObject({ status: 200, changed: [] });
    expect(await effect('/merchant/api/sign-in/code', { email })).toEqual({
      ...nobody,
      changed: ['otp_codes', 'otp_send_log', 'rate_counters'],
    });
    const code = await h.smtp.nextCode(email);
    // Wrong codes, hostile text included, reach the code check: each is refused and counted toward the lockout, nothing else.
    for (const [i, wrong] of ["' OR 1=1 --", '😀😀😀', '12345', `${code}0`].entries()) {
      expect(await effect('/merchant/api/sign-in/verify', { email, code: wrong }), wrong).toMatchObject({
        status: 401,
        body: { code: 'invalid_code', attempts_remaining: 4 - i },
        changed: ['otp_codes', 'otp_failures', 'rate_counters'],
      });
    }
    // Sends past the email's 5 while the code lives: the live code reused, each counted toward the client IP's limit
    // only (nothing was mailed), nothing else written.
    for (let i = 0; i < 8; i++) {
      const sent = await effect('/merchant/api/sign-in/code', { email });
      expect([sent.status, sent.changed]).toEqual([200, ['rate_counters']]);
    }
    // The counting left the code itself working.
    expect(await effect('/merchant/api/sign-in/verify', { email, code })).toMatchObject({
      status: 200,
      changed: ['console_sessions', 'otp_codes', 'otp_failures'],
    });
  });

  it('is still alive and serving real requests after the run', async () => {
    expect((await send({ method: 'GET', path: '/v1', headers: {} })).status).toBe(200);
    const login = await h.login(t.merchantId, 'after-fuzz@example.com');
    expect((await h.addresses(login.session_token, { action: 'list' })).body).toEqual({
      success: true,
      data: { addresses: [] },
    });
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
