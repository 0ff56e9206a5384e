// The pipeline on its own: action dispatch, when the body is read, envelopes and refusals, without a transport.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import { defineRoute } from '../../src/http/route.ts';
import { exchange, headOf } from '../support/endpoint.ts';

const head = (method: string, query = '') => headOf(method, '/things', { query });
const body = (value: unknown) => JSON.stringify(value);

// The first action takes no body; the second one does: the body must still be parsed for it.
const [things] = compileEndpoints(
  [
    defineRoute({
      method: 'post',
      path: '/things',
      action: { name: 'ping', in: 'query' },
      auth: 'public',
      tag: 't',
      summary: 'ping',
      response: z.object({ pong: z.boolean() }),
      handle: () => ({ pong: true }),
    }),
    defineRoute({
      method: 'post',
      path: '/things',
      action: { name: 'echo', in: 'query' },
      auth: 'public',
      tag: 't',
      summary: 'echo',
      body: z.object({ word: z.string() }),
      response: z.object({ word: z.string() }),
      envelope: 'fields',
      handle: ({ body }) => body,
    }),
  ],
  {},
);

describe('compileEndpoints', () => {
  it('parses the body for an action whose route has a body schema, whatever the order of the table', async () => {
    const reply = await exchange(things!, head('post', 'action=echo'), body({ word: 'hello' }));
    expect(reply.status).toBe(200);
    expect(JSON.parse(String(reply.body))).toEqual({ success: true, word: 'hello' });
  });

  it('reads a repeated action parameter the way it reads every other field: the last value wins', async () => {
    const reply = await exchange(things!, head('post', 'action=echo&action=ping'), body({}));
    expect(JSON.parse(String(reply.body))).toEqual({ success: true, data: { pong: true } });
  });

  it('refuses an unknown action with 400 unknown_action naming the known ones', async () => {
    const reply = await exchange(things!, head('post', 'action=nope'), body({}));
    expect(reply.status).toBe(400);
    const answer = JSON.parse(String(reply.body));
    expect(answer).toMatchObject({ success: false, code: 'unknown_action' });
    expect(answer.message).toContain('ping, echo');
  });

  it('refuses a body that fails its schema with 400 and the field in error', async () => {
    const reply = await exchange(things!, head('post', 'action=echo'), body({ word: 3 }));
    expect(reply.status).toBe(400);
    expect(JSON.stringify(JSON.parse(String(reply.body)))).toContain('word');
  });
});

describe('the body limit of nesting', () => {
  const [deep] = compileEndpoints(
    [
      defineRoute({
        method: 'post',
        path: '/deep',
        auth: 'public',
        tag: 't',
        summary: 'deep',
        body: z.unknown(),
        response: z.unknown(),
        handle: () => ({}),
      }),
    ],
    {},
  );
  const code = async (raw: string) =>
    JSON.parse(String((await exchange(deep!, headOf('post', '/deep'), raw)).body)).code as string | undefined;

  it('refuses a body nested past the bound before parsing it, small or large', async () => {
    expect(await code(`{"n":${'['.repeat(2000)}${']'.repeat(2000)}}`)).toBe('invalid_json');
    expect(await code('['.repeat(40_000) + ']'.repeat(40_000))).toBe('invalid_json');
    expect(await code('{"n":[[[1]]]}')).toBeUndefined();
  });

  it('reads raw bytes as UTF-8 text', async () => {
    const reply = await exchange(
      things!,
      head('post', 'action=echo'),
      new TextEncoder().encode(body({ word: 'नमस्ते' })),
    );
    expect(JSON.parse(String(reply.body))).toEqual({ success: true, word: 'नमस्ते' });
  });
});
