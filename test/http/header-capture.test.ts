// Which request headers reach an endpoint: all of them, or only those it declares (plus the transport's), and a request
// whose Content-Length is sent twice with different values, which reaches none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen.ts';
import { compileEndpoints, type Endpoint } from '../../src/http/pipeline.ts';
import { defineRoute } from '../../src/http/route.ts';
import { createHttpApp } from '../../src/http/server.ts';
import { rawExchange as exchangeRaw } from './support/raw-http.ts';

const echo = (path: string) =>
  defineRoute({
    method: 'post',
    path,
    auth: 'public',
    tag: 't',
    summary: path,
    response: z.unknown(),
    handle: ({ head }) => head.headers,
  });
/** An endpoint that reads only these headers (as the location fast lane does). */
const declaring = (path: string): Endpoint => ({
  ...compileEndpoints([echo(path)], {})[0]!,
  capture: { headers: ['x-api-key', 'origin'], peer: false, query: false },
});

let server: Listening;
let base: string;
beforeAll(async () => {
  const endpoints = [declaring('/declared'), ...compileEndpoints([echo('/all')], {})];
  server = await listen(createHttpApp(endpoints, { bodyBudgetBytes: 1 << 20 }).app, '127.0.0.1', 0);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

const headersSeen = async (path: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    body: '{}',
    headers: {
      'x-api-key': 'k',
      origin: 'https://shop.example',
      'x-request-id': 'r-1',
      'x-other': 'o',
      'accept-language': 'hi',
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, string> }).data;
};

describe('header capture', () => {
  it("gives an endpoint whose authenticator declares its headers only those and the transport's own", async () => {
    expect(await headersSeen('/declared')).toEqual({
      'x-api-key': 'k',
      origin: 'https://shop.example',
      'x-request-id': 'r-1',
      'content-length': '2',
    });
  });

  it('adds x-forwarded-for behind proxies, where the per-peer body budget reads it', async () => {
    const endpoints = [declaring('/declared')];
    const proxied = await listen(
      createHttpApp(endpoints, { bodyBudgetBytes: 1 << 20, trustProxyHops: 1 }).app,
      '127.0.0.1',
      0,
    );
    try {
      const res = await fetch(`http://127.0.0.1:${proxied.port}/declared`, {
        method: 'POST',
        body: '{}',
        headers: { 'x-forwarded-for': '203.0.113.7', 'x-other': 'o' },
      });
      expect(((await res.json()) as { data: Record<string, string> }).data).toEqual({
        'x-forwarded-for': '203.0.113.7',
        'content-length': '2',
      });
    } finally {
      proxied.close();
    }
  });

  it('gives any other endpoint every header sent', async () => {
    expect(await headersSeen('/all')).toMatchObject({
      'x-api-key': 'k',
      'x-other': 'o',
      'accept-language': 'hi',
      host: `127.0.0.1:${server.port}`,
    });
  });
});

describe('peer address capture', () => {
  const peerRoute = (readsPeer: boolean) =>
    defineRoute({
      method: 'get',
      path: readsPeer ? '/peer' : '/no-peer',
      auth: 'public',
      tag: 't',
      summary: 'peer',
      readsPeer,
      response: z.unknown(),
      handle: ({ head }) => ({ ip: readsPeer ? head.remoteIp : null }),
    });

  it('asks uWS for the address only for an endpoint with a route that reads it, and hands it over there', async () => {
    const [reads, ignores] = compileEndpoints([peerRoute(true), peerRoute(false)], {});
    expect(reads!.capture.peer).toBe(true);
    expect(ignores!.capture.peer).toBe(false);
    const listening = await listen(createHttpApp([reads!, ignores!], { bodyBudgetBytes: 1 << 20 }).app, '127.0.0.1', 0);
    try {
      const res = await fetch(`http://127.0.0.1:${listening.port}/peer`);
      expect(await res.json()).toEqual({ success: true, data: { ip: '127.0.0.1' } });
    } finally {
      listening.close();
    }
  });
});

/** Everything the server sends on one connection for `raw`, until it closes the connection or 1 s passes. */
const rawExchange = (raw: string) => exchangeRaw(server.port, raw);

describe('two different Content-Length values (RFC 9112 section 6.3)', () => {
  const hidden = 'POST /all HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nX-Smuggled: yes\r\n\r\n{}';
  for (const path of ['/declared', '/all']) {
    it(`refuse the request with 400 and close, never answering what follows the first length (${path})`, async () => {
      const { text, closed } = await rawExchange(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: ${2 + hidden.length}\r\n\r\n{}`,
      );
      expect(closed).toBe(true);
      expect(text).toMatch(/^HTTP\/1\.1 400 /);
      expect(text).toContain('"code":"conflicting_content_length"');
      expect(text.match(/HTTP\/1\.1/g)).toHaveLength(1);
    });

    it(`answer nothing hidden behind them when it is pipelined in the same write (${path})`, async () => {
      const { text, closed } = await rawExchange(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}${hidden}`,
      );
      expect(closed).toBe(true);
      expect(text).not.toContain('smuggled');
      expect(text).not.toMatch(/HTTP\/1\.1 200/);
    });
  }

  it('take the same length sent twice as one', async () => {
    const { text } = await rawExchange(
      'POST /all HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('a header sent on more than one line (RFC 9110 section 5.3)', () => {
  const seen = async (port: number, path: string, lines: string[]) => {
    const head = `POST ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n${lines.join('\r\n')}`;
    const { text } = await exchangeRaw(port, `${head}\r\n\r\n{}`);
    return (JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { data: Record<string, string> }).data;
  };
  const keys = ['x-api-key: first', 'x-api-key: second'];

  it('reaches every endpoint as its lines joined when it is a credential, whether declared or not', async () => {
    for (const path of ['/declared', '/all'])
      expect((await seen(server.port, path, keys))['x-api-key'], path).toBe('first, second');
    // Any other header is read as before: the first line where the endpoint declares it, the last where it does not.
    const origins = ['origin: https://a.example', 'origin: https://b.example'];
    expect((await seen(server.port, '/declared', origins)).origin).toBe('https://a.example');
    expect((await seen(server.port, '/all', [...origins, 'x-api-key: k'])).origin).toBe('https://b.example');
  });

  it("joins X-Forwarded-For's lines into one list of hops behind proxies (a proxy may add its own line)", async () => {
    const proxied = await listen(
      createHttpApp([declaring('/declared'), ...compileEndpoints([echo('/all')], {})], {
        bodyBudgetBytes: 1 << 20,
        trustProxyHops: 1,
      }).app,
      '127.0.0.1',
      0,
    );
    try {
      const hops = ['x-forwarded-for: 10.9.9.9', 'x-forwarded-for: 203.0.113.7'];
      for (const path of ['/declared', '/all'])
        expect((await seen(proxied.port, path, hops))['x-forwarded-for'], path).toBe('10.9.9.9, 203.0.113.7');
    } finally {
      proxied.close();
    }
  });
});
