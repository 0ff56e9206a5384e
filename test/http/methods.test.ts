// Methods over raw sockets: a method named as sent in 405/404 messages, a method that is not a token refused, the
// reason phrase of a redirect, and HEAD answered as GET without a body.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen.ts';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import { defineRoute, RawReply, type RouteDef } from '../../src/http/route.ts';
import { createHttpApp } from '../../src/http/server.ts';
import { parseResponses } from './support/raw-http.ts';

const route = (method: RouteDef['method'], path: string, handle: () => unknown) =>
  defineRoute({ method, path, auth: 'public', tag: 't', summary: path, response: z.unknown(), handle });

let server: Listening;
beforeAll(async () => {
  const routes = [
    route('get', '/healthz', () => ({ status: 'ok' })),
    route('get', '/login', () => new RawReply('', { location: '/dashboard' }, 303)),
  ];
  server = await listen(createHttpApp(compileEndpoints(routes, {}), { bodyBudgetBytes: 1 << 20 }).app, '127.0.0.1', 0);
});
afterAll(() => server.close());

/** Everything the server sends on one connection for `raw` within `ms`. */
function rawExchange(raw: string, ms = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, ms).unref();
  });
}

describe('methods', () => {
  it('names a method as it was sent when refusing it', async () => {
    const [upper] = parseResponses(Buffer.from(await rawExchange('PUT /healthz HTTP/1.1\r\nHost: x\r\n\r\n')));
    expect(JSON.parse(upper!.body).message).toBe('PUT is not allowed on /healthz; use GET, HEAD');
    const [res] = parseResponses(Buffer.from(await rawExchange('get /healthz HTTP/1.1\r\nHost: x\r\n\r\n')));
    expect(res!.status).toBe(405);
    expect(JSON.parse(res!.body).message).toBe('get is not allowed on /healthz; use GET, HEAD');
  });

  it('refuses a method that is not a token with 400 invalid_method, without echoing it', async () => {
    for (const path of ['/healthz', '/nowhere']) {
      const [res] = parseResponses(Buffer.from(await rawExchange(`G"{}:T ${path} HTTP/1.1\r\nHost: x\r\n\r\n`)));
      expect(res!.status).toBe(400);
      expect(JSON.parse(res!.body).code).toBe('invalid_method');
      expect(res!.body).not.toContain('{}:');
    }
  });

  it('writes the reason phrase of a 303 redirect', async () => {
    expect(await rawExchange('GET /login HTTP/1.1\r\nHost: x\r\n\r\n')).toMatch(/^HTTP\/1\.1 303 See Other\r\n/);
  });

  it('answers HEAD as GET without a body, keeping the connection for a pipelined GET', async () => {
    const text = await rawExchange('HEAD /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
    const body = JSON.stringify({ success: true, data: { status: 'ok' } });
    const [head, rest] = [text.slice(0, text.indexOf('\r\n\r\n') + 4), text.slice(text.indexOf('\r\n\r\n') + 4)];
    expect(head).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(head).toContain(`content-length: ${body.length}\r\n`);
    expect(head).toContain('content-type: application/json');
    const [get] = parseResponses(Buffer.from(rest));
    expect(rest).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(get!.body).toBe(body);
  });

  it('answers HEAD from fetch, and lists HEAD beside GET in Allow', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/healthz`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    const again = await fetch(`http://127.0.0.1:${server.port}/healthz`);
    expect(await again.json()).toEqual({ success: true, data: { status: 'ok' } });
    const refused = await fetch(`http://127.0.0.1:${server.port}/healthz`, { method: 'DELETE' });
    expect(refused.headers.get('allow')).toBe('GET, HEAD');
  });
});
