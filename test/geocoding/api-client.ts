// Test helper: a real server on the built dataset plus an enterprise api key, and fetch wrappers that check every reply.
import type { CreateKeyOptions } from '../../src/platform/api-keys.ts';
import { clientFor, type Call, type Reply } from '../support/client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

export interface ApiClient {
  server: TestServer;
  /** An enterprise key with the burst limit lifted, so tests are not throttled by their own speed. */
  key: string;
  createKey(options: CreateKeyOptions): Promise<string>;
  call: Call;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
}

/** Starts the server on 127.0.0.1:0 over data/build (or GEO_DATA_DIR). */
export async function startApi(env: Record<string, string> = {}): Promise<ApiClient> {
  const server = await startTestServer(env);
  const createKey = async (options: CreateKeyOptions) => (await server.parts.access.keys.create(options)).key;
  const key = await createKey({ plan: 'enterprise', label: 'tests', rateLimitOverride: 1_000_000 });
  const call = clientFor(server);
  return {
    server,
    key,
    createKey,
    call,
    get: (path, headers = {}) => call('GET', path, { headers: { 'x-api-key': key, ...headers } }),
    post: (path, body, headers = {}) =>
      call(
        'POST',
        path,
        typeof body === 'string'
          ? { raw: body, headers: { 'x-api-key': key, ...headers } }
          : { body, headers: { 'x-api-key': key, ...headers } },
      ),
  };
}

/** The `data` of a success envelope, asserting the envelope on the way. */
export function dataOf<T = Record<string, any>>(reply: Reply): T {
  if (reply.status !== 200 || reply.body?.success !== true)
    throw new Error(`expected success, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.data as T;
}
