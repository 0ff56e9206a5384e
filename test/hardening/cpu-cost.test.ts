// Issue 13 "CPU": `q=k k k …` cost ~49 ms and a 1 MiB `[[[…]]]` OTP body 75-100 ms; the server child's CPU time per hostile request stays near an ordinary one's.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seeded.ts';
import { startMeasuredServer, type MeasuredServer } from './support/measured-server.ts';

/** Requests per shape: enough clock ticks (10 ms) that the ratio is not rounding noise. */
const N = 600;
const IN_FLIGHT = 4;
/**
 * A hostile request may cost at most this many ordinary ones of its route (server CPU time, measured in the same run).
 * The probe measured about 100x for `k k k …` (49 ms) and far more for the nested body; bounded requests measure 0.4-5x.
 */
const MAX_RATIO = 10;

interface Shape {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

let server: MeasuredServer;
let key: Record<string, string>;
beforeAll(async () => {
  server = await startMeasuredServer();
  key = { 'x-api-key': server.locationKey, 'content-type': 'application/json' };
}, 120_000);
afterAll(async () => server?.stop());

/** Server CPU milliseconds per request of `shape`, over `n` requests with a few in flight; also the statuses seen. */
async function cost(
  shape: Shape,
  transport: 'keep-alive' | 'raw' = 'keep-alive',
  n = N,
): Promise<{ ms: number; statuses: Set<number | 'reset'> }> {
  const statuses = new Set<number | 'reset'>();
  const send = async () => {
    if (transport === 'raw') return void statuses.add(await rawRequest(shape));
    const res = await fetch(server.url + shape.path, {
      method: shape.method,
      headers: { ...key, ...shape.headers },
      body: shape.body,
    });
    statuses.add(res.status);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 20; i++) await send();
  const before = server.cpuTicks();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next++ < n) await send();
    }),
  );
  return { ms: ((server.cpuTicks() - before) * 10) / n, statuses };
}

/**
 * One request on a new connection, as an attacker pushing a body sends it: the status, or 'reset' when the server closed
 * the socket (after its answer) before the client could read that answer.
 */
function rawRequest(shape: Shape): Promise<number | 'reset'> {
  return new Promise((resolve) => {
    const body = Buffer.from(shape.body ?? '');
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve(status ? Number(status) : 'reset');
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (/\r\n\r\n\{.*\}$/s.test(received)) done();
    });
    socket.on('error', done);
    socket.on('close', done);
    const headers = Object.entries(shape.headers ?? {})
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(
      `${shape.method} ${shape.path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}Content-Length: ${body.length}\r\n\r\n`,
    );
    socket.end(body);
  });
}

const autocomplete = (q: string): Shape => ({
  method: 'GET',
  path: `/v1/geopin/autocomplete?q=${encodeURIComponent(q)}&limit=10`,
});
const geocode = (address: string): Shape => ({
  method: 'POST',
  path: '/v1/geopin/geocode',
  body: JSON.stringify({ address }),
});

describe('CPU per hostile request, against ordinary requests of the same route', () => {
  it('bounds autocomplete queries of repeated words, long tokens and many words', async () => {
    const ordinary = await cost(autocomplete('indiranagar'));
    const hostile = {
      'k k k … (100 chars)': autocomplete('k '.repeat(50).trim()),
      'ram ram … (100 chars)': autocomplete('ram '.repeat(25).trim()),
      'one 100-char token': autocomplete('a'.repeat(100)),
      '50 distinct one-letter words': autocomplete(
        Array.from({ length: 50 }, (_v, i) => String.fromCharCode(97 + (i % 26))).join(' '),
      ),
      'nagar colony road … (common words)': autocomplete('nagar colony road street sector block phase main cross lane'),
    };
    for (const [name, shape] of Object.entries(hostile)) {
      const measured = await cost(shape);
      console.log(
        `autocomplete ${name}: ${measured.ms.toFixed(3)} ms CPU per request; ordinary ${ordinary.ms.toFixed(3)} ms`,
      );
      expect([...measured.statuses], name).toEqual([200]);
      expect(measured.ms / ordinary.ms, name).toBeLessThan(MAX_RATIO);
    }
  }, 120_000);

  it('bounds a "near me" query whose word names nothing (it used to walk every place in India)', async () => {
    const near = (q: string): Shape => ({
      method: 'GET',
      path: `/v1/geopin/autocomplete?q=${encodeURIComponent(q)}&lat=12.97&lng=77.59`,
    });
    const ordinary = await cost(autocomplete('indiranagar'));
    for (const q of ['xq near me', 'rishikesh near me', 'zzzz qqqq near me']) {
      const measured = await cost(near(q));
      console.log(
        `autocomplete ${q}: ${measured.ms.toFixed(3)} ms CPU per request; ordinary ${ordinary.ms.toFixed(3)} ms`,
      );
      expect([...measured.statuses], q).toEqual([200]);
      expect(measured.ms / ordinary.ms, q).toBeLessThan(MAX_RATIO);
    }
  }, 120_000);

  it('bounds each item of a batch geocode: 100 hostile addresses cost a small multiple of 100 ordinary ones', async () => {
    const next = mulberry32(13);
    const word = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join('');
    const batch = (addresses: Array<{ address: string; city?: string }>): Shape => ({
      method: 'POST',
      path: '/v1/geopin/batch',
      body: JSON.stringify({ addresses }),
    });
    const ordinaryItems = [
      '12, 100 Feet Road, Indiranagar, Bengaluru',
      'Flat 3, Sector 17, Vashi, Navi Mumbai',
      'near durga mandir kankarbagh patna',
      'Koramangla, Bangalore',
    ];
    const ordinary = await cost(
      batch(Array.from({ length: 100 }, (_v, i) => ({ address: ordinaryItems[i % 4]! }))),
      'keep-alive',
      60,
    );
    const hostileItems = Array.from({ length: 100 }, (_v, i) =>
      i % 2 === 0
        ? {
            address: Array.from({ length: 12 }, () => `${word(9)} ${word(9)}`)
              .join(', ')
              .slice(0, 500),
            city: word(10),
          }
        : { address: 'koramanglaa nagar, '.repeat(12).slice(0, 500), city: 'bengaluru' },
    );
    const hostile = await cost(batch(hostileItems), 'keep-alive', 60);
    console.log(
      `batch of 100 hostile addresses: ${hostile.ms.toFixed(2)} ms CPU; of 100 ordinary: ${ordinary.ms.toFixed(2)} ms`,
    );
    expect([...hostile.statuses]).toEqual([200]);
    expect(hostile.ms / ordinary.ms).toBeLessThan(MAX_RATIO);
  }, 120_000);

  it('bounds geocoding of a 500-character address of many words', async () => {
    const ordinary = await cost(geocode('12, 100 Feet Road, Indiranagar, Bengaluru 560038'));
    const words = Array.from({ length: 120 }, (_v, i) => ['nagar', 'road', 'ram', 'k', 'colony', 'sector'][i % 6])
      .join(' ')
      .slice(0, 500);
    const hostile = {
      'many repeated words': geocode(words),
      'many commas': geocode(
        Array.from({ length: 100 }, (_v, i) => `part${i}`)
          .join(',')
          .slice(0, 500),
      ),
    };
    for (const [name, shape] of Object.entries(hostile)) {
      const measured = await cost(shape);
      console.log(
        `geocode ${name}: ${measured.ms.toFixed(3)} ms CPU per request; ordinary ${ordinary.ms.toFixed(3)} ms`,
      );
      expect(
        [...measured.statuses].every((s) => typeof s === 'number' && s < 500),
        name,
      ).toBe(true);
      expect(measured.ms / ordinary.ms, name).toBeLessThan(MAX_RATIO);
    }
  }, 120_000);

  it('bounds deeply nested and oversized bodies: each costs about what a flat refused body of its route does', async () => {
    const otp = (body: string): Shape => ({ method: 'POST', path: '/checkout-email-otp', body });
    const batch = (body: string): Shape => ({
      method: 'POST',
      path: '/v1/geopin/batch',
      body,
      headers: { 'x-api-key': server.locationKey },
    });
    const flat = (bytes: number) => JSON.stringify({ action: 'send', email: 'x'.repeat(bytes - 60), merchant_id: 'x' });
    const half = 128 * 1024 - 16;
    // [name, hostile, ordinary]: each on a new connection, since the server closes a connection whose body it refused unread.
    const pairs: Array<[string, Shape, Shape]> = [
      [
        '1 MiB [[[…]]] to /checkout-email-otp (refused by its declared size)',
        otp('['.repeat(1 << 19) + ']'.repeat(1 << 19)),
        otp(flat(200)),
      ],
      [
        '4 KiB [[[…]]] to /checkout-email-otp (its size limit)',
        otp('['.repeat(2040) + ']'.repeat(2040)),
        otp(flat(4080)),
      ],
      [
        '256 KiB [[[…]]] to /v1/geopin/batch (its size limit)',
        batch('['.repeat(half) + ']'.repeat(half)),
        batch(JSON.stringify({ addresses: 'x'.repeat(2 * half - 20) })),
      ],
    ];
    for (const [name, hostileShape, ordinaryShape] of pairs) {
      const ordinary = await cost(ordinaryShape, 'raw');
      const measured = await cost(hostileShape, 'raw');
      console.log(
        `${name}: ${measured.ms.toFixed(3)} ms CPU per request (${[...measured.statuses].join(',')}); flat refused body ${ordinary.ms.toFixed(3)} ms (${[...ordinary.statuses].join(',')})`,
      );
      expect(
        [...measured.statuses].filter((s) => s !== 400 && s !== 413 && s !== 'reset'),
        name,
      ).toEqual([]);
      expect([...ordinary.statuses], name).toEqual([400]);
      expect(measured.ms / ordinary.ms, name).toBeLessThan(MAX_RATIO);
    }
  }, 120_000);
});
