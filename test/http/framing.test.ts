// Framing over raw sockets: Connection: close ends the connection (nothing pipelined behind it is processed), and a
// request whose body length is unknowable (a Transfer-Encoding other than chunked, an empty Content-Length) gets 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen.ts';
import { compileEndpoints, type Endpoint } from '../../src/http/pipeline.ts';
import { defineRoute, type RouteDef } from '../../src/http/route.ts';
import { createHttpApp } from '../../src/http/server.ts';
import { rawExchange as exchangeRaw } from './support/raw-http.ts';

let events = 0;
const route = (method: RouteDef['method'], path: string, handle: () => unknown = () => ({ ok: true })) =>
  defineRoute({ method, path, auth: 'public', tag: 't', summary: path, response: z.unknown(), handle });
/** An endpoint that reads only these headers (as the location fast lane does). */
const declaring = (def: RouteDef): Endpoint => ({
  ...compileEndpoints([def], {})[0]!,
  capture: { headers: ['x-api-key'], peer: false, query: false },
});

let server: Listening;
beforeAll(async () => {
  const endpoints = [
    declaring(route('get', '/declared')),
    declaring(route('post', '/declared-post')),
    ...compileEndpoints(
      [route('get', '/all'), route('post', '/all-post'), route('post', '/events', () => ({ events: ++events }))],
      {},
    ),
  ];
  server = await listen(createHttpApp(endpoints, { bodyBudgetBytes: 1 << 20 }).app, '127.0.0.1', 0);
});
afterAll(() => server.close());

/** Everything the server sends on one connection for `raw`, until it closes the connection or 1 s passes. */
const rawExchange = (raw: string) => exchangeRaw(server.port, raw);

const EVENT = 'POST /events HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}';

describe('Connection: close (RFC 9112 section 9.6)', () => {
  for (const path of ['/declared', '/all']) {
    it(`answers and closes the connection (${path})`, async () => {
      const { text, closed } = await rawExchange(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(closed).toBe(true);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
    });

    it(`processes no request pipelined behind it (${path})`, async () => {
      const before = events;
      const { text, closed } = await rawExchange(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n${EVENT}`,
      );
      expect(closed).toBe(true);
      expect(text).not.toContain('"events"');
      expect(events).toBe(before);
    });
  }

  it('finds close in a list of connection options', async () => {
    const { closed } = await rawExchange('GET /declared HTTP/1.1\r\nHost: x\r\nConnection: TE, Close\r\n\r\n');
    expect(closed).toBe(true);
  });

  it('keeps the connection of a keep-alive request, answering what follows', async () => {
    const before = events;
    const { text, closed } = await rawExchange(
      `GET /all HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n${EVENT}`,
    );
    expect(closed).toBe(false);
    expect(text.match(/HTTP\/1\.1 200/g)).toHaveLength(2);
    expect(events).toBe(before + 1);
  });
});

describe('a body length that cannot be known (RFC 9112 section 6.3)', () => {
  const chunked = '2\r\n{}\r\n0\r\n\r\n';
  const post = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n${chunked}`;
  for (const encoding of ['xchunked', 'chunkedx', 'gzip, chunked', 'chunked, gzip', 'identity']) {
    for (const path of ['/declared-post', '/all-post', '/declared']) {
      const method = path === '/declared' ? 'GET' : 'POST';
      it(`refuses Transfer-Encoding: ${encoding} on ${method} ${path} with 400 and closes`, async () => {
        const { text, closed } = await rawExchange(
          `${method} ${path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: ${encoding}\r\n\r\n${chunked}`,
        );
        expect(closed).toBe(true);
        expect(text).toMatch(/^HTTP\/1\.1 400 /);
        expect(text).toContain('"code":"invalid_transfer_encoding"');
        expect(text.match(/HTTP\/1\.1/g)).toHaveLength(1);
      });
    }
  }

  for (const path of ['/declared-post', '/all-post']) {
    it(`answers nothing pipelined behind a refused Transfer-Encoding (${path})`, async () => {
      const before = events;
      const { text, closed } = await rawExchange(post(path, 'Transfer-Encoding: gzip, chunked') + EVENT);
      expect(closed).toBe(true);
      expect(text).not.toContain('"events"');
      expect(events).toBe(before);
    });
  }

  it('refuses Transfer-Encoding sent twice', async () => {
    const { text, closed } = await rawExchange(
      post('/all-post', 'Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked'),
    );
    expect(closed).toBe(true);
    expect(text).toContain('"code":"invalid_transfer_encoding"');
  });

  it('reads Transfer-Encoding: chunked, in any case', async () => {
    for (const encoding of ['chunked', 'Chunked']) {
      const { text } = await rawExchange(post('/declared-post', `Transfer-Encoding: ${encoding}`));
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  for (const path of ['/declared-post', '/all-post']) {
    it(`refuses an empty Content-Length with 400 and closes, never parsing its body (${path})`, async () => {
      const empty = `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n`;
      const refused = await rawExchange(empty);
      expect(refused.closed).toBe(true);
      expect(refused.text).toContain('"code":"invalid_content_length"');
      const before = events;
      const { text, closed } = await rawExchange(empty + EVENT);
      expect(closed).toBe(true);
      expect(text).not.toContain('"events"');
      expect(events).toBe(before);
    });
  }
});
