// The pipeline on its own: action dispatch, when the body is read, envelopes and refusals, without a transport.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import type { RequestHead } from '../../src/http/request.ts';
import { defineRoute } from '../../src/http/route.ts';

function head(method: string, query = ''): RequestHead {
  return { id: 't', method, path: '/things', query, headers: {}, params: [], remoteIp: '127.0.0.1' };
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
