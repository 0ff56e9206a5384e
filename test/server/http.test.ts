// The HTTP glue over a real server: JSON 404s, body limits, malformed JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.dispose());

describe('HTTP glue', () => {
  it('answers unknown routes with a JSON 404 in the error shape', async () => {
    const res = await fetch(`${server.baseUrl}/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ error: 'Not Found', message: 'No route for GET /nope', code: 'not_found' });
    expect(res.statusText).toBe('Not Found');
  });

  it('writes the standard reason phrase on success status lines', async () => {
    const res = await fetch(`${server.baseUrl}/v1`);
    expect([res.status, res.statusText]).toEqual([200, 'OK']);
  });
});
