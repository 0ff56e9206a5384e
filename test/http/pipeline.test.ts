// The pipeline on its own: action dispatch, when the body is read, envelopes and refusals, without a transport.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import type { RequestHead } from '../../src/http/request.ts';
import { defineRoute } from '../../src/http/route.ts';

function head(method: string, query = ''): RequestHead {
  return { id: 't', receivedAt: Date.now(), method, path: '/things', query, headers: {}, params: [], remoteIp: '127.0.0.1' };
}

const body = (value: unknown) => Promise.resolve(JSON.stringify(value));

// The first action takes no body; the second one does: the body must still be parsed for it.
const [things] = compileEndpoints(
  [
    defineRoute({
      method: 'post', path: '/things', action: { name: 'ping', in: 'query' }, auth: 'public', tag: 't', summary: 'ping',
      response: z.object({ pong: z.boolean() }), handle: () => ({ pong: true }),
    }),
    defineRoute({
      method: 'post', path: '/things', action: { name: 'echo', in: 'query' }, auth: 'public', tag: 't', summary: 'echo',
      body: z.object({ word: z.string() }), response: z.object({ word: z.string() }), envelope: 'fields', handle: ({ body }) => body,
    }),
  ],
  {},
);

describe('compileEndpoints', () => {
  it('parses the body for an action whose route has a body schema, whatever the order of the table', async () => {
    const reply = await things!.run(head('post', 'action=echo'), body({ word: 'hello' }));
    expect(reply.status).toBe(200);
    expect(JSON.parse(String(reply.body))).toEqual({ success: true, word: 'hello' });
  });

  it('reads a repeated action parameter the way it reads every other field: the last value wins', async () => {
    const reply = await things!.run(head('post', 'action=echo&action=ping'), body({}));
    expect(JSON.parse(String(reply.body))).toEqual({ success: true, data: { pong: true } });
  });

  it('refuses an unknown action with 400 unknown_action naming the known ones', async () => {
    const reply = await things!.run(head('post', 'action=nope'), body({}));
    expect(reply.status).toBe(400);
    const answer = JSON.parse(String(reply.body));
    expect(answer).toMatchObject({ success: false, code: 'unknown_action' });
    expect(answer.message).toContain('ping, echo');
  });

  it('refuses a body that fails its schema with 400 and the field in error', async () => {
    const reply = await things!.run(head('post', 'action=echo'), body({ word: 3 }));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(JSON.parse(String(reply.body)))).toContain('word');
  });
});

// A route with a fast shape check: small bodies are parsed before their depth is scanned, and scanned when the check fails.
const [checked] = compileEndpoints(
  [
    defineRoute({
      method: 'post', path: '/checked', auth: 'public', tag: 't', summary: 'checked',
      body: z.object({ n: z.number() }), accept: (json) => (typeof (json as { n?: unknown })?.n === 'number' ? (json as { n: number }) : undefined),
      response: z.object({ n: z.number() }), handle: ({ body }) => body,
    }),
  ],
  {},
);

describe('the depth bound with a fast shape check', () => {
  const post = (raw: string) => checked!.run({ ...head('post'), path: '/checked' }, Promise.resolve(raw));
  const code = async (raw: string) => JSON.parse(String((await post(raw)).body)).code as string | undefined;

  it('answers a shape the check accepts, and sends any other shape through the schema', async () => {
    expect(JSON.parse(String((await post('{"n":3}')).body))).toEqual({ success: true, data: { n: 3 } });
    expect(await code('{"n":"3"}')).toBe('invalid_request');
  });

  it('still refuses a small body nested past the bound, and a large one before parsing it', async () => {
    expect(await code(`{"n":${'['.repeat(2000)}${']'.repeat(2000)}}`)).toBe('invalid_json');
    expect(await code('['.repeat(40_000) + ']'.repeat(40_000))).toBe('invalid_json');
    expect(await code('{"n":[[[1]]]}')).toBe('invalid_request');
  });
});
