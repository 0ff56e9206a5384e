// The HTTP ground floor over a real server: JSON 404/405, preflights, credentials checked before any body is read, body limits.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFor, errorCode, type Call } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let call: Call;
let merchantKey: string;
beforeAll(async () => {
  server = await startTestServer({ BODY_BUDGET_BYTES: String(1 << 20) });
  call = clientFor(server);
  merchantKey = (await server.parts.checkout.merchants.create('Transport shop')).apiKey;
});
afterAll(async () => server.dispose());

/** Sends raw bytes and resolves with everything the server wrote before closing or `waitMs` passing. */
function rawRequest(text: string, waitMs = 1500): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(text);
    setTimeout(() => {
      socket.destroy();
      resolve(received);
    }, waitMs);
  });
}

describe('routing', () => {
  it('answers unknown routes with a JSON 404 in the error shape and a standard reason phrase', async () => {
    const res = await fetch(`${server.baseUrl}/nope`);
    expect([res.status, res.statusText]).toEqual([404, 'Not Found']);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      success: false,
      error: 'Not Found',
      message: 'No route for GET /nope',
      code: 'not_found',
    });
  });

  it('answers a method a path does not support with 405 and Allow, not 404', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/v1/location/lookup', 'POST'],
      ['DELETE', '/checkout-admin', 'GET, HEAD, PATCH, POST'],
      ['POST', '/v1/location/stats', 'GET, HEAD'],
    ] as const) {
      const res = await call(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(allow);
      expect(errorCode(res)).toBe('method_not_allowed');
    }
  });

  it('answers preflights for every path with 204 and the methods of that path', async () => {
    const res = await call('OPTIONS', '/checkout-addresses', {
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-session-token');
  });

  it('writes the standard reason phrase on success status lines', async () => {
    const res = await fetch(`${server.baseUrl}/v1`);
    expect([res.status, res.statusText]).toEqual([200, 'OK']);
  });
});

describe('request bodies', () => {
  it('refuses missing credentials before reading a body: a declared 8 MiB import gets 401 at once', async () => {
    const head =
      'POST /checkout-admin?action=import_customers HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 8000000\r\n\r\n';
    const started = Date.now();
    const answer = await rawRequest(`${head}{"rows":[`);
    expect(answer).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    // Neither the merchant api key nor a merchant dashboard session: the api key's code, a message naming both.
    expect(answer).toContain('"code":"missing_api_key"');
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('keeps the connection after an early refusal of a small declared body: the rest is skipped and the next request answered', async () => {
    const body = '{"action":"settings"}';
    const first = `POST /checkout-admin?action=settings HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const second = 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n';
    // The first half of the body is sent before the refusal, the second half after it, then another request.
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
        if (received.includes('"status":"ok"')) socket.end();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(first + body.slice(0, 5));
      setTimeout(() => socket.write(body.slice(5) + second), 200);
      setTimeout(() => socket.destroy(), 3000);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    expect(answer).toContain('"code":"missing_api_key"');
    expect(answer).toMatch(/HTTP\/1\.1 200 OK[\s\S]*"status":"ok"/);
  });

  it('refuses a declared body over the route limit with 413 before reading it', async () => {
    const head = `POST /checkout-email-otp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${1 << 20}\r\n\r\n`;
    const answer = await rawRequest(`${head}{"action":"send"`);
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large/);
    expect(answer).toContain('"code":"payload_too_large"');
  });

  it('refuses an undeclared (chunked) body once it passes the route limit', async () => {
    const chunk = 'x'.repeat(8192);
    const body = `2000\r\n${chunk}\r\n`.repeat(3);
    const answer = await rawRequest(
      `POST /checkout-funnel-events HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 Payload Too Large/);
  });

  it('answers JSON nested deeper than the bound with 400 invalid_json, after a linear scan', async () => {
    const deep = '['.repeat(2000) + ']'.repeat(2000);
    const res = await call('POST', '/checkout-email-otp', { raw: deep });
    expect(res.status).toBe(400);
    expect(errorCode(res)).toBe('invalid_json');
  });

  it('refuses a string escaping an unpaired surrogate with 400 invalid_json, and takes paired ones', async () => {
    const send = (email: string) => `{"action":"send","merchant_id":"m","email":"${email}"}`;
    for (const raw of [
      send('\\ud800 lone@example.com'),
      send('a\\udc00@example.com'),
      send('\\ude00\\ud83d@example.com'),
      `{"action":"send","\\ud800":1}`,
    ]) {
      const res = await call('POST', '/checkout-email-otp', { raw });
      expect([res.status, errorCode(res)], raw).toEqual([400, 'invalid_json']);
      expect(res.body.message).toContain('unpaired UTF-16 surrogate');
    }
    // A pair is one character (an emoji), and an escaped backslash before "ud800" is no escape at all.
    for (const raw of [send('\\ud83d\\ude00@example.com'), send('\\\\ud800@example.com')])
      expect(errorCode(await call('POST', '/checkout-email-otp', { raw })), raw).not.toBe('invalid_json');
  });

  it('keeps the bytes buffered by all requests under the budget: a body past it gets 503 server_busy with Retry-After, and memory is given back', async () => {
    const rows = Array.from({ length: 5000 }, (_v, i) => ({
      email: `budget-${i}@example.com`,
      flat_number: 'x'.repeat(120),
    }));
    const big = JSON.stringify({ rows });
    expect(big.length).toBeGreaterThan(600_000);
    const post = () =>
      call('POST', '/checkout-admin?action=import_customers', { raw: big, headers: { 'x-api-key': merchantKey } });
    // A slow client holds 500 KB of a 700 KB body in the budget (1 MiB in this server).
    const holder = connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => holder.on('connect', () => resolve()));
    holder.write(
      `POST /checkout-admin?action=import_customers HTTP/1.1\r\nHost: x\r\nx-api-key: ${merchantKey}\r\nContent-Type: application/json\r\nContent-Length: 700000\r\n\r\n`,
    );
    holder.write('x'.repeat(500_000));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(errorCode(refused)).toBe('server_busy');
    expect(refused.headers.get('retry-after')).toBe('1');
    holder.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await post()).status).toBe(200);
  });
});

describe('the body budget per peer', () => {
  let proxied: TestServer;
  let shopKey: string;
  beforeAll(async () => {
    // 80 MiB in all, 10 MiB per peer; behind one proxy, so the peer is the X-Forwarded-For address.
    proxied = await startTestServer({ BODY_BUDGET_BYTES: String(80 << 20), TRUST_PROXY_HOPS: '1' });
    shopKey = (await proxied.parts.checkout.merchants.create('Budget shop')).apiKey;
  });
  afterAll(async () => proxied.dispose());

  /** Starts an import of `declared` bytes from `peer`, sends `sent` of them, and reports any answer within `waitMs`. */
  function holdUpload(peer: string, declared: number, sent: number, waitMs: number): Promise<string> {
    return new Promise((resolve) => {
      const socket = connect(proxied.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.write(
        `POST /checkout-admin?action=import_customers HTTP/1.1\r\nHost: x\r\nx-api-key: ${shopKey}\r\nX-Forwarded-For: ${peer}\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write('x'.repeat(sent));
      setTimeout(() => {
        socket.destroy();
        resolve(received);
      }, waitMs);
    });
  }

  it('refuses one address past its share with 503 while another address still uploads', async () => {
    const first = holdUpload('203.0.113.7', 7_000_000, 6_000_000, 1500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = await holdUpload('203.0.113.7', 7_000_000, 6_000_000, 800);
    const other = await holdUpload('198.51.100.9', 7_000_000, 6_000_000, 800);
    expect(second).toMatch(/^HTTP\/1\.1 503 Service Unavailable/);
    expect(second).toContain('from your address');
    expect(other).toBe('');
    expect(await first).toBe('');
  });
});
