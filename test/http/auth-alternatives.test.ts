// Routes that accept several credentials: the first credential the request carries decides; a refused one is refused.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../src/kernel/errors.ts';
import { buildOpenApi } from '../../src/http/openapi.ts';
import { compileEndpoints, type Authenticators } from '../../src/http/pipeline.ts';
import type { RequestHead } from '../../src/http/request.ts';
import { routesWith } from '../../src/http/route.ts';
import { exchange, headOf } from '../support/endpoint.ts';

/** Accepts header `name` when it equals `valid`; refuses a missing one with a missing_ code, a wrong one otherwise. */
function headerAuth(name: string, valid: string, principal: string) {
  return (head: RequestHead) => {
    const sent = head.headers[name];
    if (sent === undefined) throw new DomainError('unauthorized', `missing_${name}`, `send ${name}`);
    if (sent !== valid) throw new DomainError('unauthorized', `invalid_${name}`, `${name} is wrong`);
    return { principal };
  };
}

const authenticators: Authenticators = {
  merchant_key: headerAuth('key', 'k1', 'by key'),
  merchant_user: headerAuth('cookie', 'c1', 'by cookie'),
};
const route = routesWith<string>()({
  method: 'get',
  path: '/both',
  auth: ['merchant_key', 'merchant_user'],
  tag: 't',
  summary: 'either credential',
  response: z.object({ who: z.string() }),
  handle: ({ auth }) => ({ who: auth }),
});
const [endpoint] = compileEndpoints([route], authenticators);

async function get(headers: Record<string, string>) {
  const reply = await exchange(endpoint!, headOf('get', '/both', { headers }));
  return { status: reply.status, body: JSON.parse(String(reply.body)) };
}

describe('auth alternatives', () => {
  it('accepts either credential, trying them in the order the route lists', async () => {
    expect((await get({ key: 'k1' })).body.data).toEqual({ who: 'by key' });
    expect((await get({ cookie: 'c1' })).body.data).toEqual({ who: 'by cookie' });
    expect((await get({ key: 'k1', cookie: 'c1' })).body.data).toEqual({ who: 'by key' });
  });

  it('refuses a credential that was sent and is wrong, whatever other credential comes with it', async () => {
    expect(await get({ key: 'wrong', cookie: 'c1' })).toMatchObject({ status: 401, body: { code: 'invalid_key' } });
    expect(await get({ cookie: 'wrong', key: 'k1' })).toMatchObject({ status: 200, body: { data: { who: 'by key' } } });
  });

  it("answers with the refusal of the credential that was sent; with none, the first kind's code and a message naming every one", async () => {
    expect(await get({ key: 'wrong' })).toMatchObject({ status: 401, body: { code: 'invalid_key' } });
    expect(await get({ cookie: 'wrong' })).toMatchObject({ status: 401, body: { code: 'invalid_cookie' } });
    expect(await get({})).toMatchObject({
      status: 401,
      body: { code: 'missing_key', message: 'send key; or send cookie' },
    });
  });

  it('refuses at start-up a table whose actions disagree on their credentials, or that names an unknown one', () => {
    const other = { ...route, auth: 'merchant_key' as const, action: { name: 'b', in: 'query' as const } };
    const first = { ...route, action: { name: 'a', in: 'query' as const } };
    expect(() => compileEndpoints([first, other], authenticators)).toThrow('every action must use the same auth kind');
    expect(() => compileEndpoints([{ ...route, auth: ['merchant_key', 'developer'] }], authenticators)).toThrow(
      'no authenticator for developer',
    );
  });

  it('lists the alternatives as separate security requirements in OpenAPI', () => {
    const doc = buildOpenApi(
      [endpoint!],
      { title: 't', version: '1', description: 'd' },
      { developer: 'dev', merchant_user: 'm' },
    ) as any;
    expect(doc.paths['/both'].get.security).toEqual([{ MerchantApiKey: [] }, { MerchantUserSession: [] }]);
    expect(doc.components.securitySchemes.MerchantUserSession).toMatchObject({ in: 'cookie', name: 'm' });
  });
});
