// JSON over real HTTP to a test server, every reply checked against its route's declared schema on the way back.
import { assertReplyMatchesRoute } from './reply-schema.ts';
import type { TestServer } from './server.ts';

export interface Reply {
  status: number;
  body: any;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed-JSON tests). */
  raw?: string;
  headers?: Record<string, string>;
}

export type Call = (method: string, path: string, options?: CallOptions) => Promise<Reply>;

/** A caller for `server`; a reply that does not match its route's schema fails the test. */
export function clientFor(server: TestServer): Call {
  return async (method, path, options = {}) => {
    const hasBody = options.body !== undefined || options.raw !== undefined;
    const init: RequestInit = {
      method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    };
    if (options.raw !== undefined) init.body = options.raw;
    else if (options.body !== undefined) init.body = JSON.stringify(options.body);
    const res = await fetch(server.baseUrl + path, init);
    const text = await res.text();
    const contentType = res.headers.get('content-type');
    const body = contentType?.includes('application/json') && text ? JSON.parse(text) : text;
    const url = new URL(server.baseUrl + path);
    assertReplyMatchesRoute(server.app.endpoints, {
      method,
      path: url.pathname,
      query: url.searchParams,
      requestBody: options.body ?? safeJson(options.raw),
      status: res.status,
      contentType,
      body,
    });
    return { status: res.status, body, headers: res.headers };
  };
}

function safeJson(raw: string | undefined): unknown {
  try {
    return raw === undefined ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Expects the documented error shape and returns the code. */
export function errorCode(reply: Reply): string {
  const { success, error, message, code } = reply.body ?? {};
  if (success !== false || typeof error !== 'string' || typeof message !== 'string' || typeof code !== 'string') {
    throw new Error(`not an error body: ${JSON.stringify(reply.body)}`);
  }
  return code;
}
