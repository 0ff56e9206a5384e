// deliver() for real: signed headers a merchant's verifier accepts, stable across retries, replays refused, egress rules per attempt.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../../packages/webhook-verify/index.js';
import { loadEgressPolicy, PRODUCTION_EGRESS, type EgressPolicy } from '../../src/net/egress-policy.ts';
import { dnsResolve } from '../../src/net/resolve.ts';
import { deliver, MAX_LOGGED_BODY_BYTES, type DeliveryRequest } from '../../src/webhooks/deliver.ts';
import { startDnsServer, staticZone, type DnsServer } from '../net/support/dns-server.ts';
import { startReceiver, type Receiver } from './support/receiver.ts';

const dev: EgressPolicy = { devMode: true, allowedPorts: [443] };
const SECRET = 'merchant secret ✓ 0123456789';
const event = {
  event: 'session.completed',
  merchant_id: 'm_1',
  buyer_id: 'b_1',
  session_id: 's_1',
  auth_channel: 'email',
  timestamp: '2025-06-01T12:00:00.000Z',
  data: { payment_method: 'cod', amount_paise: 49_900 },
};
const body = JSON.stringify(event);

const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});
async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

function request(url: string, now: Date, extra: Partial<DeliveryRequest> = {}): DeliveryRequest {
  return {
    url,
    body,
    event: event.event,
    deliveryId: 'dlv_abc123',
    secret: SECRET,
    timeoutMs: 2000,
    now,
    egress: dev,
    ...extra,
  };
}

/** What the merchant's endpoint does with a request it received, at its own clock `now`. */
function verifyAt(r: { rawBody: string; headers: Record<string, unknown> }, now: Date) {
  return verifyWebhook({ rawBody: r.rawBody, headers: r.headers as Record<string, string>, secret: SECRET, now });
}

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof WebhookVerificationError) return err.code;
    throw err;
  }
  return 'accepted';
}

describe('deliver', () => {
  it('sends headers the merchant verify helper accepts, and the parsed event comes back', async () => {
    const r = await receiver();
    const sentAt = new Date('2025-06-01T12:00:03Z');
    expect(await deliver(request(r.url, sentAt))).toEqual({
      ok: true,
      httpStatus: 200,
      responseBody: 'ok',
      error: null,
    });
    const got = r.requests[0]!;
    expect(got.headers).toMatchObject({
      'x-service-event': 'session.completed',
      'x-service-timestamp': event.timestamp,
      'x-service-delivery': 'dlv_abc123',
      'webhook-id': 'dlv_abc123',
      'webhook-timestamp': String(sentAt.getTime() / 1000),
      'x-service-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(verifyAt(got, new Date(sentAt.getTime() + 2000))).toEqual(event);
  });

  it('keeps the event time and delivery id across retries, re-signs each attempt, and a replayed attempt is refused', async () => {
    const r = await receiver();
    const first = new Date('2025-06-01T12:00:03Z');
    const retry = new Date('2025-06-01T12:16:03Z');
    await deliver(request(r.url, first));
    await deliver(request(r.url, retry));
    const [a, b] = r.requests;
    expect([a!.headers['x-service-timestamp'], b!.headers['x-service-timestamp']]).toEqual([
      event.timestamp,
      event.timestamp,
    ]);
    expect([a!.headers['webhook-id'], b!.headers['webhook-id']]).toEqual(['dlv_abc123', 'dlv_abc123']);
    expect(a!.headers['webhook-signature']).not.toBe(b!.headers['webhook-signature']);
    expect(a!.headers['x-service-signature']).toBe(b!.headers['x-service-signature']);
    expect(verifyAt(b!, retry)).toEqual(event);
    // The first attempt captured and replayed when the retry arrives: the signed timestamp is 16 minutes old.
    expect(codeOf(() => verifyAt(a!, retry))).toBe('timestamp_too_old');
    // Moving the timestamp forward breaks the signature instead.
    expect(
      codeOf(() =>
        verifyAt({ ...a!, headers: { ...a!.headers, 'webhook-timestamp': b!.headers['webhook-timestamp'] } }, retry),
      ),
    ).toBe('signature_mismatch');
  });

  it('takes X-Service-Timestamp from eventTime when given, and sends no signatures without a secret', async () => {
    const r = await receiver();
    await deliver(request(r.url, new Date(), { eventTime: '2025-06-01T11:59:59.000Z', secret: null }));
    const { headers } = r.requests[0]!;
    expect(headers['x-service-timestamp']).toBe('2025-06-01T11:59:59.000Z');
    expect(headers['x-service-signature']).toBeUndefined();
    expect(headers['webhook-signature']).toBeUndefined();
    expect(headers['webhook-id']).toBe('dlv_abc123');
  });

  it('logs only the status, a 256-byte prefix of the answer and a coarse error', async () => {
    const chatty = await receiver(() => ({ status: 500, body: `${'e'.repeat(300)} stack trace with /etc/secrets` }));
    const outcome = await deliver(request(chatty.url, new Date()));
    expect(outcome).toEqual({
      ok: false,
      httpStatus: 500,
      responseBody: 'e'.repeat(MAX_LOGGED_BODY_BYTES),
      error: 'HTTP 500',
    });
    const closed = await receiver();
    await closed.close();
    expect(await deliver(request(closed.url, new Date()))).toEqual({
      ok: false,
      httpStatus: null,
      responseBody: null,
      error: 'connect_failed',
    });
  });

  it('counts a 2xx whose body never ends, or is cut off, as delivered; a receiver silent before its status times out', async () => {
    const servers: Server[] = [];
    const serve = async (answer: (res: import('node:http').ServerResponse) => void) => {
      const server = createServer((req, res) => req.resume().on('end', () => answer(res)));
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    };
    try {
      const hanging = await serve((res) => {
        res.writeHead(200, { 'content-length': '100' });
        res.write('ok');
      });
      const cut = await serve((res) => {
        res.writeHead(202, { 'content-length': '100' });
        res.write('accepted');
        setTimeout(() => res.socket?.destroy(), 50);
      });
      const silent = await serve(() => undefined);
      const quick = { timeoutMs: 400 };
      expect(await deliver(request(hanging, new Date(), quick))).toEqual({
        ok: true,
        httpStatus: 200,
        responseBody: 'ok',
        error: null,
      });
      expect(await deliver(request(cut, new Date(), quick))).toMatchObject({ ok: true, httpStatus: 202 });
      expect(await deliver(request(silent, new Date(), quick))).toEqual({
        ok: false,
        httpStatus: null,
        responseBody: null,
        error: 'timeout',
      });
    } finally {
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
    }
  });

  it('never throws: a header value node:http refuses becomes internal_error', async () => {
    const r = await receiver();
    expect(await deliver(request(r.url, new Date(), { event: 'session.completed\r\nx-injected: 1' }))).toEqual({
      ok: false,
      httpStatus: null,
      responseBody: null,
      error: 'internal_error',
    });
    expect(r.requests).toEqual([]);
  });
});

describe('deliver re-checks the egress policy on every attempt', () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer(
      staticZone({ 'localtest.me': ['127.0.0.1'], 'hooks.shop.example': ['64:ff9b::7f00:1'] }),
    );
  });
  afterAll(() => dns.close());

  it('refuses, without connecting, a loopback URL saved in dev mode once the server runs in production', async () => {
    const r = await receiver();
    const production = loadEgressPolicy({ NODE_ENV: 'production' });
    expect(await deliver(request(r.url, new Date(), { egress: production }))).toMatchObject({
      ok: false,
      httpStatus: null,
      error: 'blocked_scheme',
    });
    const https = r.url.replace('http://127.0.0.1', 'https://127.0.0.1').replace(/:\d+\//, '/');
    expect(await deliver(request(https, new Date(), { egress: production }))).toMatchObject({
      ok: false,
      error: 'blocked_address',
    });
    expect(r.requests).toEqual([]);
  });

  it('refuses names that resolve to loopback or NAT64-mapped loopback at send time', async () => {
    const resolve = dnsResolve(dns.resolver());
    for (const url of ['https://localtest.me/hook', 'https://hooks.shop.example/hook']) {
      expect(await deliver(request(url, new Date(), { egress: PRODUCTION_EGRESS, resolve })), url).toMatchObject({
        ok: false,
        error: 'blocked_address',
      });
    }
    expect(dns.queries.map((q) => q.name)).toEqual(expect.arrayContaining(['localtest.me', 'hooks.shop.example']));
  });

  it('follows NODE_ENV when no policy is passed (vitest runs with NODE_ENV=test, so loopback is allowed)', async () => {
    const r = await receiver();
    expect(process.env.NODE_ENV).toBe('test');
    expect(await deliver(request(r.url, new Date(), { egress: undefined }))).toMatchObject({ ok: true });
  });
});
