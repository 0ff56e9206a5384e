// Timeouts, which failures are retried for which calls, and answers that are not the API's JSON, on a scripted local server.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GeopinError,
  LocationClient,
  MerchantClient,
  RequestAbortedError,
  RequestTimeoutError,
  ServerError,
} from '../src/index.ts';
import { parseRetryAfter, refusalDelayMs, resolveRetry } from '../src/retry.ts';
import { rejection } from './support.ts';

type Answer = (res: ServerResponse) => void;
let server: Server | null = null;

/** A server that answers its n-th request with answers[n] (the last one repeats); returns its URL and a request count. */
async function scripted(answers: Answer[]): Promise<{ baseUrl: string; count: () => number }> {
  let n = 0;
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answers[Math.min(n++, answers.length - 1)]!(res));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, count: () => n };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Answer =>
  (res) =>
    res
      .writeHead(status, { 'content-type': 'application/json', 'x-request-id': `r${status}`, ...headers })
      .end(JSON.stringify(body));
const hang: Answer = () => undefined;
const ok = json(200, { success: true, data: { total_boundaries: 1 } });
const fast = { maxRetries: 2, baseDelayMs: 5 };

afterEach(async () => {
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server!.close(resolve));
  server = null;
});

describe('timeouts and retries', () => {
  it('gives up an attempt after timeoutMs and retries idempotent calls only', async () => {
    const s = await scripted([hang]);
    const location = new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', timeoutMs: 100, ...fast });
    const err = await rejection(location.stats());
    expect(err).toBeInstanceOf(RequestTimeoutError);
    expect(err.timeoutMs).toBe(100);
    expect(s.count()).toBe(3);
    const merchant = new MerchantClient({ baseUrl: s.baseUrl, apiKey: 'k', timeoutMs: 100, ...fast });
    expect(await rejection(merchant.testWebhook())).toBeInstanceOf(RequestTimeoutError);
    expect(s.count()).toBe(4);
  });

  it('retries a 503 with Retry-After for any call, since the server refused it before acting', async () => {
    const s = await scripted([
      json(503, { success: false, code: 'server_busy', message: 'busy' }, { 'retry-after': '0' }),
      json(200, { success: true, message: 'queued', delivery_id: 'd' }),
    ]);
    const merchant = new MerchantClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast });
    expect(await merchant.testWebhook()).toEqual({ message: 'queued', delivery_id: 'd' });
    expect(s.count()).toBe(2);
  });

  // The database may have failed after the request acted.
  it('retries a 503 store_unavailable only for an idempotent call', async () => {
    const lost = json(503, { success: false, code: 'store_unavailable', message: 'db' }, { 'retry-after': '0' });
    const s = await scripted([lost, ok]);
    expect(await new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast }).stats()).toEqual({
      total_boundaries: 1,
    });
    expect(s.count()).toBe(2);
    server!.close();
    const t = await scripted([lost, ok]);
    const err = await rejection(new MerchantClient({ baseUrl: t.baseUrl, apiKey: 'k', ...fast }).testWebhook());
    expect(err).toMatchObject({ status: 503, code: 'store_unavailable' });
    expect(t.count()).toBe(1);
  });

  it('retries a 502 for an idempotent call but not for one that may have acted', async () => {
    const bad = json(502, { success: false, code: 'gateway_timeout', message: 'slow' });
    const s = await scripted([bad, ok]);
    expect(await new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast }).stats()).toEqual({
      total_boundaries: 1,
    });
    expect(s.count()).toBe(2);
    server!.close();
    const t = await scripted([bad, ok]);
    const err = await rejection(new MerchantClient({ baseUrl: t.baseUrl, apiKey: 'k', ...fast }).testWebhook());
    expect(err).toMatchObject({ name: 'ServerError', status: 502, code: 'gateway_timeout', requestId: 'r502' });
    expect(t.count()).toBe(1);
  });

  it("turns an answer that is not the API's JSON into a typed error", async () => {
    const s = await scripted([(res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>oops</h1>')]);
    const err = await rejection(new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast }).stats());
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 500, code: 'http_500', message: '<h1>oops</h1>', issues: [], requestId: null });
  });
});

describe('aborts', () => {
  it("throws RequestAbortedError, a GeopinError, with the signal's reason as its cause", async () => {
    const s = await scripted([hang]);
    const client = new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const during = await rejection(client.stats({ signal: controller.signal }));
    expect(during).toBeInstanceOf(RequestAbortedError);
    expect(during).toBeInstanceOf(GeopinError);
    expect(during.cause).toMatchObject({ name: 'AbortError' });
    const timedOut = await rejection(client.stats({ signal: AbortSignal.timeout(50) }));
    expect(timedOut).toBeInstanceOf(RequestAbortedError);
    expect(timedOut.cause).toMatchObject({ name: 'TimeoutError' });
    // A signal aborted before the call sends nothing (it used to wait for the attempt's timeout).
    const sent = s.count();
    const before = await rejection(client.stats({ signal: AbortSignal.abort('changed my mind') }));
    expect(before).toMatchObject({ name: 'RequestAbortedError', cause: 'changed my mind' });
    expect(s.count()).toBe(sent);
  });

  it('throws RequestAbortedError when aborted while waiting to retry', async () => {
    const busy = json(503, { success: false, code: 'server_busy', message: 'busy' }, { 'retry-after': '5' });
    const s = await scripted([busy]);
    const client = new LocationClient({ baseUrl: s.baseUrl, apiKey: 'k', ...fast });
    const controller = new AbortController();
    const call = rejection(client.stats({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    const err = await call;
    expect(err).toBeInstanceOf(RequestAbortedError);
    expect(s.count()).toBe(1);
  });
});

describe('retry policy', () => {
  it('reads Retry-After as seconds or an HTTP date and will not wait past maxRetryAfterMs', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2030, 0, 1))).toBe(10);
    expect(parseRetryAfter('soon')).toBeNull();
    const policy = resolveRetry();
    expect(refusalDelayMs(1, 0, policy, () => 0)).toBe(1000);
    expect(refusalDelayMs(1, 0, policy, () => 1)).toBe(1100);
    expect(refusalDelayMs(61, 0, policy, () => 0)).toBeNull();
    expect(refusalDelayMs(null, 3, policy, () => 1)).toBe(4000);
  });
});
