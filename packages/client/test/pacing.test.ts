// How the requests of one batch call wait for each other, on a scripted fetch: after a refusal, and after a failure.
import { describe, expect, it } from 'vitest';
import { BadRequestError, LocationClient, RequestAbortedError, type LookupInput, type Point } from '../src/index.ts';
import { rejection } from './support.ts';

type Reply = (init: RequestInit) => Promise<Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The server's answer to a batch of lookups: every point found nowhere. */
const answered = (init: RequestInit) => {
  const { locations } = JSON.parse(init.body as string) as { locations: LookupInput[] };
  const results = locations.map((_, index) => ({ index, found: false }));
  return json(200, { success: true, data: { results, found: 0, not_found: locations.length, invalid: 0 } });
};
const refused = json.bind(null, 400, { success: false, code: 'invalid_request', message: 'no' });
const busy = () => json(503, { success: false, code: 'server_busy', message: 'busy' }, { 'retry-after': '1' });
const rateLimited = () => json(429, { success: false, code: 'rate_limited', message: 'slow' }, { 'retry-after': '0' });

/** A fetch answering its n-th call with replies[n] (the last repeats); `count` is how many calls it has had. */
function scripted(replies: Reply[]) {
  let count = 0;
  const fetch: typeof globalThis.fetch = (_url, init) => replies[Math.min(count++, replies.length - 1)]!(init!);
  return { fetch, count: () => count };
}

/** `n` points; those of request k (items 100k..100k+99) have latitude 8 + k, so a request's body says which it is. */
const points = (n: number): LookupInput[] =>
  Array.from({ length: n }, (_, i) => ({ latitude: 8 + Math.floor(i / 100), longitude: 77.59 }));
const requestOf = (init: RequestInit) =>
  (JSON.parse(init.body as string) as { locations: Point[] }).locations[0]!.latitude - 8;

describe('a batch call whose request fails for good', () => {
  it('does not send again a request that was waiting to retry', async () => {
    const s = scripted([async () => busy(), async () => (await sleep(50), refused())]);
    const client = new LocationClient({ baseUrl: 'http://geo.test', apiKey: 'k', fetch: s.fetch });
    const started = Date.now();
    const err = await rejection(client.lookupMany(points(200), { concurrency: 2 }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(Date.now() - started).toBeLessThan(900); // not after the 503's Retry-After of 1 s
    await sleep(1200);
    expect(s.count()).toBe(2);
  });

  it('waits for a request in flight until it is answered, and keeps its answer', async () => {
    const s = scripted([async (init) => (await sleep(300), answered(init)), async () => refused()]);
    const client = new LocationClient({ baseUrl: 'http://geo.test', apiKey: 'k', fetch: s.fetch });
    const err = await rejection(client.lookupMany(points(300), { concurrency: 3 }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.issues).toEqual([]);
    expect(err.partial.results.map((r: { index: number }) => r.index)).toEqual([...Array(100).keys()]);
    expect(s.count()).toBe(3); // the third request was already on its way when the second failed
  });

  it('waits for a request in flight no longer than its timeout, and does not retry it', async () => {
    const hang: Reply = (init) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted'))));
    const s = scripted([hang, async () => refused()]);
    const client = new LocationClient({ baseUrl: 'http://geo.test', apiKey: 'k', fetch: s.fetch, timeoutMs: 200 });
    const started = Date.now();
    const err = await rejection(client.lookupMany(points(200), { concurrency: 2 }));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(err.partial.results).toEqual([]);
    await sleep(500);
    expect(s.count()).toBe(2);
  });
});

describe('a rate-limit refusal', () => {
  it('makes requests take turns, the earliest first, until as many pass in a row as run at once', async () => {
    const sent: Array<{ request: number; start: number; end: number }> = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const request = { request: requestOf(init!), start: Date.now(), end: Infinity };
      sent.push(request);
      // The first request is refused at once; every other is answered 30 ms later.
      const refuse = sent.length === 1;
      if (!refuse) await sleep(30);
      request.end = Date.now();
      return refuse ? rateLimited() : answered(init!);
    };
    const client = new LocationClient({ baseUrl: 'http://geo.test', apiKey: 'k', fetch });
    const answer = await client.lookupMany(points(700), { concurrency: 3 });
    expect(answer.results.map((r) => r.index)).toEqual([...Array(700).keys()]);
    // Requests 1 and 2 were in flight when 0 was refused; 0 goes again before 3, alone.
    expect(sent.slice(0, 4).map((r) => r.request)).toEqual([0, 1, 2, 0]);
    expect(sent[4]!.start).toBeGreaterThanOrEqual(sent[3]!.end);
    // 1, 2 and the retry of 0 passed in a row: the rest go three at a time again.
    expect(sent[5]!.start).toBeLessThan(sent[4]!.end);
  });

  it('stops waiting when the call is aborted', async () => {
    const s = scripted([async () => json(429, { success: false, code: 'rate_limited' }, { 'retry-after': '5' })]);
    const client = new LocationClient({ baseUrl: 'http://geo.test', apiKey: 'k', fetch: s.fetch });
    const started = Date.now();
    const err = await rejection(client.lookupMany(points(200), { concurrency: 2, signal: AbortSignal.timeout(100) }));
    expect(err).toBeInstanceOf(RequestAbortedError);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(s.count()).toBe(2);
  });
});
