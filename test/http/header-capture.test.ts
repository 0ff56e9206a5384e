// Which request headers reach an endpoint: all of them, or only those its authenticator declares (plus the transport's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen.ts';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import { defineRoute, type Authenticator } from '../../src/http/route.ts';
import { createHttpApp } from '../../src/http/server.ts';

const declared: Authenticator = Object.assign(() => ({ principal: null }), { reads: ['x-api-key', 'origin'] });
const undeclared: Authenticator = () => ({ principal: null });
const echo = (path: string, auth: 'api_key' | 'merchant_key') =>
  defineRoute({ method: 'post', path, auth, tag: 't', summary: path, response: z.unknown(), handle: ({ head }) => head.headers });

let server: Listening;
let base: string;
beforeAll(async () => {
  const endpoints = compileEndpoints([echo('/declared', 'api_key'), echo('/all', 'merchant_key')], { api_key: declared, merchant_key: undeclared });
  server = await listen(createHttpApp(endpoints, { bodyBudgetBytes: 1 << 20 }), '127.0.0.1', 0);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

const headersSeen = async (path: string) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST', body: '{}', headers: { 'x-api-key': 'k', origin: 'https://shop.example', 'x-request-id': 'r-1', 'x-other': 'o', 'accept-language': 'hi' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, string> }).data;
};

describe('header capture', () => {
  it('gives an endpoint whose authenticator declares its headers only those and the transport\'s own', async () => {
    expect(await headersSeen('/declared')).toEqual({ 'x-api-key': 'k', origin: 'https://shop.example', 'x-request-id': 'r-1', 'content-length': '2' });
  });

  it('adds x-forwarded-for behind proxies, where the per-peer body budget reads it', async () => {
    const endpoints = compileEndpoints([echo('/declared', 'api_key')], { api_key: declared });
    const proxied = await listen(createHttpApp(endpoints, { bodyBudgetBytes: 1 << 20, trustProxyHops: 1 }), '127.0.0.1', 0);
    try {
      const res = await fetch(`http://127.0.0.1:${proxied.port}/declared`, { method: 'POST', body: '{}', headers: { 'x-forwarded-for': '203.0.113.7', 'x-other': 'o' } });
      expect(((await res.json()) as { data: Record<string, string> }).data).toEqual({ 'x-forwarded-for': '203.0.113.7', 'content-length': '2' });
    } finally {
      proxied.close();
    }
  });

  it('gives any other endpoint every header sent', async () => {
    expect(await headersSeen('/all')).toMatchObject({ 'x-api-key': 'k', 'x-other': 'o', 'accept-language': 'hi', host: `127.0.0.1:${server.port}` });
  });
});
