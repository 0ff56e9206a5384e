// lookupMany a few requests at a time against a real server's burst limit: what a refusal leaves counted and sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/server.ts';
import { LocationClient, RateLimitError, type LookupInput, type RetryEvent } from '../src/index.ts';
import { rejection } from './support.ts';

let server: TestServer;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A key of `perSecond` requests a second with a burst of twice that; a batch of 100 takes 100 tokens. */
const keyOf = async (perSecond: number) =>
  (await server.parts.access.keys.create({ plan: 'free', rateLimitOverride: perSecond })).key;
const points = (n: number): LookupInput[] =>
  Array.from({ length: n }, (_, i) => ({ latitude: 12 + (i % 30) * 0.1, longitude: 77 + (i % 7) * 0.1 }));
/** Requests this key's usage counted (a client of its own, so the count is not in the test's request log). */
const used = async (apiKey: string) => (await new LocationClient({ baseUrl: server.baseUrl, apiKey }).usage()).used;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.dispose());

describe('a request refused for good while others are in flight', () => {
  it('sends nothing more, and throws with every answered request in partial: exactly what usage counted', async () => {
    // 100 a second, burst 200: of three batches of 100 sent at once the server takes two and refuses the third.
    const apiKey = await keyOf(100);
    let sent = 0;
    // The answers of the two accepted batches come 300 ms late (a slow network), after the refusal.
    const slow: typeof fetch = async (url, init) => {
      sent += 1;
      const res = await fetch(url, init);
      if (res.status === 200) await sleep(300);
      return res;
    };
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey, fetch: slow, maxRetries: 0 });
    const err = await rejection(client.lookupMany(points(500), { concurrency: 3 }));
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.code).toBe('rate_limited');
    const indexes: number[] = err.partial.results.map((r: { index: number }) => r.index);
    const requests = [...new Set(indexes.map((i) => Math.floor(i / 100)))];
    expect(requests).toHaveLength(2);
    expect(indexes).toEqual(requests.flatMap((r) => Array.from({ length: 100 }, (_, i) => r * 100 + i)));
    expect(err.partial.found + err.partial.not_found + err.partial.invalid).toBe(200);
    expect(sent).toBe(3);
    await sleep(1000);
    expect(sent).toBe(3);
    expect(await used(apiKey)).toBe(200);
  });
});

describe('a rate-limit refusal with requests a few at a time', () => {
  it("holds every request of the call until the refusal's Retry-After, then sends them one at a time", async () => {
    // 100 a second, burst 200: two batches of 100 pass at once, then one a second.
    const apiKey = await keyOf(100);
    const requests: Array<{ start: number; end: number; status: number }> = [];
    const timed: typeof fetch = async (url, init) => {
      const start = Date.now();
      const res = await fetch(url, init);
      requests.push({ start, end: Date.now(), status: res.status });
      return res;
    };
    // Told once the call knows of the refusal: from then on no request may start before `until`.
    const pauses: Array<{ at: number; until: number }> = [];
    const onRetry = ({ error, delayMs }: RetryEvent) => {
      if ((error as RateLimitError).code === 'rate_limited')
        pauses.push({ at: Date.now(), until: Date.now() + delayMs });
    };
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey, fetch: timed, onRetry });
    const answer = await client.lookupMany(points(500), { concurrency: 3 }); // the default 3 retries a request
    expect(answer.results.map((r) => r.index)).toEqual([...Array(500).keys()]);
    expect(pauses.length).toBeGreaterThan(0);
    const later = requests.filter((r) => r.start >= pauses[0]!.at).sort((a, b) => a.start - b.start);
    expect(later.length).toBeGreaterThan(0);
    for (const request of later)
      for (const pause of pauses.filter((p) => p.at <= request.start))
        expect(request.start).toBeGreaterThanOrEqual(pause.until - 5); // the same instant, read twice
    later.slice(1).forEach((request, i) => expect(request.start).toBeGreaterThanOrEqual(later[i]!.end));
    expect(await used(apiKey)).toBe(500);
  });
});
