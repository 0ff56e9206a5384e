// How the requests of one batch call wait for each other, on a scripted fetch: nothing is tried again after a failure.
import { describe, expect, it } from 'vitest';
import { BadRequestError, LocationClient, type LookupInput } from '../src/index.ts';
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

/** A fetch answering its n-th call with replies[n] (the last repeats); `count` is how many calls it has had. */
function scripted(replies: Reply[]) {
  let count = 0;
  const fetch: typeof globalThis.fetch = (_url, init) => replies[Math.min(count++, replies.length - 1)]!(init!);
  return { fetch, count: () => count };
}

const points = (n: number): LookupInput[] => Array.from({ length: n }, () => ({ latitude: 12.97, longitude: 77.59 }));

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
