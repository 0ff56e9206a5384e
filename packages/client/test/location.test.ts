// The location client against a real server: batches split and joined, every method, typed errors, the burst limit's 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/server.ts';
import {
  BadRequestError,
  InvalidInputError,
  LocationClient,
  NotFoundError,
  RateLimitError,
  type LookupInput,
  type RetryEvent,
} from '../src/index.ts';
import { recordingFetch, rejection } from './support.ts';

let server: TestServer;
let key: string;
const keyWith = async (options: { monthlyLimitOverride?: number; rateLimitOverride?: number }) =>
  (await server.parts.access.keys.create({ plan: 'free', ...options })).key;

beforeAll(async () => {
  server = await startTestServer();
  key = await keyWith({ rateLimitOverride: 1_000_000 });
});
afterAll(async () => server.dispose());

/** 250 items: points on a fixed grid over India (some in no boundary), every 50th a geopin, one malformed. */
function items(): LookupInput[] {
  return Array.from({ length: 250 }, (_, i): LookupInput => {
    if (i === 7) return { geopin: 'XXX' };
    if (i % 50 === 0) return { geopin: '4P3-JK8-52C9' };
    return { latitude: 8 + (i % 25) * 1.1, longitude: 69 + Math.floor(i / 25) * 2.5 };
  });
}

/** Waits out a UTC month's last 90 s: a monthly quota's Retry-After is then short, and the client waits it out. */
async function awayFromMonthEnd(): Promise<void> {
  const now = new Date();
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  if (next - now.getTime() < 90_000) await new Promise((resolve) => setTimeout(resolve, next - now.getTime() + 1000));
}

describe('lookupMany', () => {
  it('looks up 250 points in one call: three requests of 100, 100 and 50, joined in input order', async () => {
    const { fetch, sent } = recordingFetch();
    const progress: number[] = [];
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    const input = items();
    const answer = await client.lookupMany(input, { onProgress: (p) => progress.push(p.done) });

    expect(sent.map((s) => s.body.locations.length)).toEqual([100, 100, 50]);
    expect(progress).toEqual([100, 200, 250]);
    expect(answer.results.map((r) => r.index)).toEqual(input.map((_, i) => i));
    expect(answer.found + answer.not_found + answer.invalid).toBe(250);
    expect(answer.found).toBeGreaterThan(100);
    expect(answer.not_found).toBeGreaterThan(0);
    expect(answer.invalid).toBe(1);
    expect(answer.results[7]).toMatchObject({ found: false, error: { code: 'invalid_digipin' } });
    for (const i of [0, 150, 200])
      expect(answer.results[i]).toMatchObject({ found: true, pincode: '560001', geopin: '4P3-JK8-52C9' });
    // Each joined result is what a single lookup of the same item answers.
    for (const i of [1, 101, 249]) {
      const result = answer.results[i]!;
      expect(result).toMatchObject({ coordinates: input[i] });
      if (result.found)
        expect(await client.lookup(input[i]!)).toMatchObject({ pincode: result.pincode, state: result.state });
      else await expect(client.lookup(input[i]!)).rejects.toMatchObject({ status: 404, code: 'location_not_found' });
    }
  });

  it('sends nothing for an empty list', async () => {
    const { fetch, sent } = recordingFetch();
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    expect(await client.lookupMany([])).toEqual({ results: [], found: 0, not_found: 0, invalid: 0 });
    expect(sent).toEqual([]);
  });
});

describe('a batch item that cannot be sent, or a request that fails after others', () => {
  it('refuses a null item or a non-finite number before any request is sent, naming its index in the list', async () => {
    const { fetch, sent } = recordingFetch();
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    const points = items();
    const cases: Array<[unknown, string, string]> = [
      [null, 'locations.240', 'locations.240: must be an object, got null'],
      ['4P3-JK8-52C9', 'locations.240', 'locations.240: must be an object, got a string'],
      [
        { latitude: NaN, longitude: 77 },
        'locations.240.latitude',
        'locations.240.latitude: must be a finite number, got NaN',
      ],
    ];
    for (const [bad, path, message] of cases) {
      const input = points.map((p, i) => (i === 240 ? bad : p)) as LookupInput[];
      const err = await rejection(client.lookupMany(input));
      expect(err).toBeInstanceOf(InvalidInputError);
      expect(err).toMatchObject({ path, index: 240, message });
    }
    const addresses = [{ address: 'Indiranagar' }, { address: 'Koramangala', pincode: Infinity }];
    expect(await rejection(client.geocodeMany(addresses as never))).toMatchObject({
      name: 'InvalidInputError',
      message: 'addresses.1.pincode: must be a finite number, got Infinity',
    });
    expect(await rejection(client.lookup({ latitude: NaN, longitude: 77 }))).toMatchObject({ path: 'latitude' });
    expect(sent).toEqual([]);
  });

  it('refuses an argument that is not a string, as autocomplete({ q, limit }) from plain JS, before sending', async () => {
    const { fetch, sent } = recordingFetch();
    const client: any = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    const calls: Array<[string, unknown, string, string]> = [
      ['autocomplete', { q: 'Koramangala', limit: 2 }, 'q', 'q: must be a string, got an object'],
      ['reverse', undefined, 'geopin', 'geopin: must be a string, got undefined'],
      ['validateGeopin', ['4P3-JK8-52C9'], 'geopin', 'geopin: must be a string, got an array'],
      ['validatePincode', 560038, 'pincode', 'pincode: must be a string, got a number'],
      ['decode', null, 'geopin', 'geopin: must be a string, got null'],
    ];
    for (const [method, argument, path, message] of calls) {
      const err = await rejection(client[method](argument));
      expect(err).toBeInstanceOf(InvalidInputError);
      expect(err).toMatchObject({ path, index: null, message });
    }
    expect(sent).toEqual([]);
  });

  it("names a later request's refused item at its index in the whole list, with the answers before it", async () => {
    // A fetch that spoils item 40 of the third request on its way, as a bug between client and server might.
    const { fetch: recording, sent } = recordingFetch();
    let requests = 0;
    const spoiling: typeof fetch = (url, init) => {
      if (++requests !== 3) return recording(url, init);
      const body = JSON.parse(init!.body as string);
      body.locations[40] = null;
      return recording(url, { ...init, body: JSON.stringify(body) });
    };
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch: spoiling });
    const err = await rejection(client.lookupMany(items()));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err.message).toMatch(/^locations\.240: /);
    expect(err.issues[0].path).toBe('locations.240');
    expect(sent.map((s) => s.status)).toEqual([200, 200, 400]);
    expect(err.partial.results.map((r: { index: number }) => r.index)).toEqual([...Array(200).keys()]);
    expect(err.partial.found + err.partial.not_found + err.partial.invalid).toBe(200);
  });

  it(
    'throws a monthly quota met mid-way with the answers already counted, for geocodeMany too',
    { timeout: 150_000 },
    async () => {
      await awayFromMonthEnd();
      const client = new LocationClient({
        baseUrl: server.baseUrl,
        apiKey: await keyWith({ monthlyLimitOverride: 150 }),
      });
      const addresses = Array.from({ length: 250 }, () => ({ address: 'Indiranagar', pincode: '560038' }));
      const err = await rejection(client.geocodeMany(addresses));
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err.code).toBe('monthly_quota_exceeded');
      expect(err.partial).toMatchObject({ succeeded: 100, failed: 0 });
      expect(err.partial.results.map((r: { index: number }) => r.index)).toEqual([...Array(100).keys()]);
    },
  );
});

describe('geocodeMany', () => {
  it("geocodes 120 addresses in two requests and renumbers the second request's results", async () => {
    const { fetch, sent } = recordingFetch();
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    const addresses = Array.from({ length: 120 }, (_, i) =>
      i === 110 ? { address: 'qwzx vbnm' } : { address: 'Indiranagar', pincode: '560038' },
    );
    const answer = await client.geocodeMany(addresses, { concurrency: 2 });
    expect(sent.map((s) => s.body.addresses.length).sort()).toEqual([100, 20]);
    expect(answer).toMatchObject({ succeeded: 119, failed: 1 });
    expect(answer.results.map((r) => r.index)).toEqual(addresses.map((_, i) => i));
    expect(answer.results[110]).toMatchObject({ success: false, error: { code: 'address_not_found' } });
    expect(answer.results[119]).toMatchObject({ success: true, data: { pincode: '560038' } });
  });
});

describe('single calls', () => {
  it('answers each location route with its data', async () => {
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key });
    expect(await client.lookup({ latitude: 12.9716, longitude: 77.5946 })).toMatchObject({
      pincode: '560001',
      geopin: '4P3-JK8-52C9',
    });
    expect(await client.geocode({ address: 'Indiranagar', pincode: '560038' })).toMatchObject({ pincode: '560038' });
    // The text alone, as the Python client's geocode("…") takes it.
    expect(await client.geocode('Indiranagar, Bengaluru 560038')).toMatchObject({ pincode: '560038' });
    expect((await client.autocomplete('koramangla', { limit: 2 })).results).toHaveLength(2);
    expect(await client.reverse('4p3jk852c9')).toMatchObject({ geopin: '4P3-JK8-52C9', found: true });
    expect(await client.coordinatesToGeopin({ latitude: 12.9716, longitude: 77.5946 })).toMatchObject({
      geopin: '4P3-JK8-52C9',
    });
    expect(await client.validateGeopin('4P3-JK8-52CX')).toMatchObject({ valid_format: false, normalized: null });
    expect(await client.validatePincode('560038')).toMatchObject({ exists: true, state: 'Karnataka' });
    expect(await client.validatePincode('999999')).toMatchObject({ exists: false });
    expect(await client.encode({ latitude: 12.9716, longitude: 77.5946 })).toEqual({ digipin: '4P3-JK8-52C9' });
    expect(await client.decode('4p3jk852c9')).toEqual({ latitude: '12.971601', longitude: '77.594584' });
    expect((await client.stats()).total_boundaries).toBeGreaterThan(0);
    expect(await client.usage()).toMatchObject({ plan: 'free', rate_limit: { per_second: 1_000_000 } });
  });
});

describe('errors', () => {
  it('throws typed errors carrying status, code, message, issues and the request id', async () => {
    const { fetch, sent } = recordingFetch();
    const client = new LocationClient({ baseUrl: server.baseUrl, apiKey: key, fetch });
    const invalid = await rejection(client.geocode({ address: 'x', country: 'Nepal' }));
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', requestId: sent.at(-1)!.requestId });
    expect(invalid.issues).toEqual([{ path: 'country', message: expect.stringContaining('only addresses in India') }]);
    expect(invalid.requestId).toMatch(/\S+/);
    const missing = await rejection(client.lookup({ latitude: 10, longitude: 70 }));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({
      status: 404,
      code: 'location_not_found',
      issues: [],
      message: expect.stringContaining('No pincode boundary'),
    });
    const unauthorised = await rejection(
      new LocationClient({ baseUrl: server.baseUrl, apiKey: 'gp_sk_wrong' }).stats(),
    );
    expect(unauthorised).toMatchObject({ name: 'AuthenticationError', status: 401, code: 'invalid_api_key' });
    expect(sent.filter((s) => s.status === 400 || s.status === 404)).toHaveLength(2); // 4xx are not retried
  });
});

describe('rate limits', () => {
  it('retries a 429 from the burst limit after its Retry-After and then succeeds', async () => {
    const retries: RetryEvent[] = [];
    const { fetch, sent } = recordingFetch();
    // 1 request/s with a burst of 2: the third call in a second is refused by the server.
    const client = new LocationClient({
      baseUrl: server.baseUrl,
      apiKey: await keyWith({ rateLimitOverride: 1 }),
      fetch,
      onRetry: (e) => retries.push(e),
    });
    // Three at once, so they reach the bucket within milliseconds even on a busy machine.
    const started = Date.now();
    const answers = await Promise.all([client.stats(), client.stats(), client.stats()]);
    expect(answers.map((a) => a.total_boundaries > 0)).toEqual([true, true, true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const statuses = sent.map((s) => s.status);
    expect(statuses.slice(0, 3).sort()).toEqual([200, 200, 429]); // in any order of arrival
    expect(statuses.slice(3)).toEqual([200]); // the retry, a second later
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1000);
    expect(retries[0]!.error).toMatchObject({ status: 429, code: 'rate_limited', retryAfter: 1 });
  });

  it(
    'throws RateLimitError when retries are off, and at once when Retry-After is past the cap (monthly quota)',
    { timeout: 150_000 },
    async () => {
      await awayFromMonthEnd();
      const burst = new LocationClient({
        baseUrl: server.baseUrl,
        apiKey: await keyWith({ rateLimitOverride: 1 }),
        maxRetries: 0,
      });
      const settled = await Promise.allSettled([burst.stats(), burst.stats(), burst.stats()]);
      expect(settled.map((s) => s.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const refused = (settled.find((s) => s.status === 'rejected') as PromiseRejectedResult).reason;
      expect(refused).toBeInstanceOf(RateLimitError);
      expect(refused).toMatchObject({
        status: 429,
        code: 'rate_limited',
        retryAfter: 1,
        requestId: expect.any(String),
      });

      const { fetch, sent } = recordingFetch();
      const quota = new LocationClient({
        baseUrl: server.baseUrl,
        apiKey: await keyWith({ monthlyLimitOverride: 1 }),
        fetch,
      });
      await quota.stats();
      const started = Date.now();
      const used = await rejection(quota.stats());
      expect(Date.now() - started).toBeLessThan(1000);
      expect(used).toMatchObject({ status: 429, code: 'monthly_quota_exceeded' });
      expect(used.retryAfter).toBeGreaterThan(60);
      expect(sent).toHaveLength(2);
    },
  );
});
