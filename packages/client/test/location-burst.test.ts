// lookupMany a few requests at a time against a real server's burst limit: what a refusal leaves counted and sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/server.ts';
import { LocationClient, RateLimitError, type LookupInput } from '../src/index.ts';
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
