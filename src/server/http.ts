// uWS glue: one wrapper reads the request before any await, limits and parses the body, and maps errors to 4xx JSON.
import type { HttpRequest, HttpResponse, TemplatedApp } from 'uWebSockets.js';
import { ZodError } from 'zod';
import { reflectOrigin } from './cors.ts';
import { HttpError, reasonPhrase } from './http-error.ts';

/** Everything a handler may read; captured synchronously because uWS frees the request after the first await. */
export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Route parameters in pattern order (`:id` segments). */
  params: string[];
  remoteIp: string;
  /** Raw body bytes (empty for bodiless methods). */
  rawBody: Buffer;
  /** The body parsed as JSON; throws 400 invalid_json. Undefined when the body is empty. */
  json(): unknown;
}

/** What a handler returns; `body` is serialised as JSON unless it is a string or Buffer. */
export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;
export type Method = 'get' | 'post' | 'patch' | 'put' | 'del' | 'options' | 'any';

/** Default request body limit: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1 << 20;

export interface RouteOptions {
  maxBodyBytes?: number;
  /**
   * Browser-facing route: every reply, errors included, reflects the caller's Origin so a widget can read why a call failed.
   * Who may act is still the handler's decision (e.g. a merchant's allowed origins answer 403 to others).
   */
  cors?: boolean;
}

/** Registers `handler` on `app`; all error handling, body limits and corking happen here. */
export function route(app: TemplatedApp, method: Method, pattern: string, handler: Handler, options: RouteOptions = {}): void {
  const paramCount = (pattern.match(/\/:/g) ?? []).length;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  app[method](pattern, (res: HttpResponse, req: HttpRequest) => {
    const partial = captureRequest(res, req, paramCount);
    const state = { aborted: false };
    res.onAborted(() => {
      state.aborted = true;
    });
    const cors = options.cors ? reflectOrigin(partial.headers.origin) : undefined;
    readBody(res, partial.method, maxBody)
      .then((rawBody) => handler(withBody(partial, rawBody)))
      .then(
        (reply) => send(res, state, withCors(reply, cors)),
        (err: unknown) => send(res, state, withCors(errorReply(err, partial), cors)),
      );
  });
}

type PartialContext = Omit<RequestContext, 'rawBody' | 'json'>;

function withCors(reply: Reply, cors: Record<string, string> | undefined): Reply {
  return cors ? { ...reply, headers: { ...cors, ...reply.headers } } : reply;
}

function captureRequest(res: HttpResponse, req: HttpRequest, paramCount: number): PartialContext {
  const headers: Record<string, string> = {};
  req.forEach((key, value) => {
    headers[key] = value;
  });
  const params: string[] = [];
  for (let i = 0; i < paramCount; i++) params.push(safeDecode(req.getParameter(i) ?? ''));
  return {
    method: req.getMethod(),
    path: req.getUrl(),
    query: new URLSearchParams(req.getQuery() ?? ''),
    headers,
    params,
    remoteIp: Buffer.from(res.getRemoteAddressAsText()).toString(),
  };
}

/** Decodes a path segment; malformed percent-encoding is kept as sent rather than thrown. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function withBody(partial: PartialContext, rawBody: Buffer): RequestContext {
  return { ...partial, rawBody, json: jsonReader(rawBody) };
}

/** A memoised body parser: undefined for an empty body, 400 invalid_json for malformed JSON. */
export function jsonReader(rawBody: Buffer): () => unknown {
  let parsed: { value: unknown } | undefined;
  return () => {
    if (parsed) return parsed.value;
    if (rawBody.length === 0) return undefined;
    try {
      parsed = { value: JSON.parse(rawBody.toString('utf8')) };
    } catch {
      throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON');
    }
    return parsed.value;
  };
}

function readBody(res: HttpResponse, method: string, maxBytes: number): Promise<Buffer> {
  if (method === 'get' || method === 'head' || method === 'options') return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    res.onData((chunk, isLast) => {
      if (failed) return;
      size += chunk.byteLength;
      if (size > maxBytes) {
        failed = true;
        reject(new HttpError(413, 'payload_too_large', `Request body exceeds ${maxBytes} bytes`));
        return;
      }
      // uWS neuters the chunk after this callback returns, so copy it.
      chunks.push(Buffer.from(chunk.slice(0)));
      if (isLast) resolve(Buffer.concat(chunks, size));
    });
  });
}

/** Maps any thrown value to a reply: HttpError as is, zod failures as 400, the rest as a logged 500. */
export function errorReply(err: unknown, ctx?: Pick<RequestContext, 'method' | 'path'>): Reply {
  if (err instanceof HttpError) return { status: err.status, body: err.toBody(), headers: err.headers };
  if (err instanceof ZodError) {
    const issues = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    const first = issues[0];
    const message = first ? `${first.path || 'body'}: ${first.message}` : 'Invalid request';
    return { status: 400, body: { error: reasonPhrase(400), message, code: 'invalid_request', issues } };
  }
  console.error(`[http] ${ctx?.method ?? '?'} ${ctx?.path ?? '?'} failed:`, err);
  return { status: 500, body: { error: reasonPhrase(500), message: 'Internal server error', code: 'internal_error' } };
}

function send(res: HttpResponse, state: { aborted: boolean }, reply: Reply): void {
  if (state.aborted) return;
  const status = reply.status ?? 200;
  const isRaw = typeof reply.body === 'string' || Buffer.isBuffer(reply.body);
  const payload = isRaw ? (reply.body as string | Buffer) : JSON.stringify(reply.body);
  res.cork(() => {
    res.writeStatus(`${status} ${reasonPhrase(status)}`);
    if (!isRaw) res.writeHeader('content-type', 'application/json; charset=utf-8');
    for (const [key, value] of Object.entries(reply.headers ?? {})) res.writeHeader(key, value);
    res.end(payload);
  });
}
