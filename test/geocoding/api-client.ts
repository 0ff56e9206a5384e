// Test helper: a real server on the built dataset plus an API key and small fetch wrappers.
import { ApiKeyStore, type CreateKeyOptions } from '../../src/platform/api-keys.ts';
import { datasetDir } from '../support/dataset.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

export interface ApiClient {
  server: TestServer;
  /** An enterprise key with the burst limit lifted, so tests are not throttled by their own speed. */
  key: string;
  createKey(options: CreateKeyOptions): string;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** Starts the server on 127.0.0.1:0 over data/build (or GEO_DATA_DIR). */
export async function startApi(): Promise<ApiClient> {
  const server = await startTestServer({ DATA_OUT_DIR: datasetDir });
  const store = new ApiKeyStore(server.ctx.db);
  const createKey = (options: CreateKeyOptions) => store.create(options).key;
  const key = createKey({ plan: 'enterprise', label: 'tests', rateLimitOverride: 1_000_000 });
  return {
    server,
    key,
    createKey,
    get: (path, headers = {}) => fetch(server.baseUrl + path, { headers: { 'x-api-key': key, ...headers } }),
    post: (path, body, headers = {}) =>
      fetch(server.baseUrl + path, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

/** The `data` of a success envelope, asserting the envelope on the way. */
export async function dataOf<T = Record<string, any>>(res: Response): Promise<T> {
  const body = (await res.json()) as { success?: boolean; data?: T; message?: string };
  if (res.status !== 200 || body.success !== true) throw new Error(`expected success, got ${res.status} ${JSON.stringify(body)}`);
  return body.data as T;
}
