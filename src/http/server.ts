// uWS transport: registers endpoints, reads bodies within per-route and global limits, answers 404/405/preflights as JSON.
import { DomainError } from '../kernel/errors.ts';
import uWS, { type HttpRequest, type HttpResponse, type TemplatedApp } from 'uWebSockets.js';
import { BodyBudget } from './body-budget.ts';
import { clientIp } from './client-ip.ts';
import { preflight } from './cors.ts';
import { errorReply, reasonPhrase, refusal } from './errors.ts';
import { serialiseError, type Admission, type Endpoint, type Reply } from './pipeline.ts';
import { requestId, safeDecode, type RequestHead } from './request.ts';

/** Called once per answered request: the route pattern ('unmatched' for 404/405), method, status and seconds taken. */
export type Observer = (route: string, method: string, status: number, seconds: number) => void;

export interface TransportOptions {
  /** Body bytes buffered across all requests at once; beyond it requests get 503 server_busy. */
  bodyBudgetBytes: number;
  /** Proxies in front (TRUST_PROXY_HOPS): the peer of the per-peer budget is then read from X-Forwarded-For. */
  trustProxyHops?: number;
  observe?: Observer;
}

const EMPTY = '';
/** Bodies decode as Buffer#toString did: invalid bytes become U+FFFD, a byte order mark stays (and JSON.parse refuses it). */
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });
const REQUEST_ID = Buffer.from('x-request-id');
/** Unread body bytes an early reply lets uWS skip instead of closing the connection. */
const LINGER_BYTES = 64 * 1024;
const BODYLESS = new Set(['get', 'head', 'options', 'delete']);

/** Creates the uWS app serving `endpoints`; no listen here. */
export function createHttpApp(endpoints: Endpoint[], options: TransportOptions): TemplatedApp {
  const app = uWS.App();
  // Each peer may hold an eighth of the budget, but always enough for the largest body a route accepts.
  const largest = Math.max(0, ...endpoints.map((e) => e.maxBodyBytes));
  const budget = new BodyBudget(options.bodyBudgetBytes, Math.max(largest, Math.floor(options.bodyBudgetBytes / 8)));
  const hops = options.trustProxyHops ?? 0;
  const observe = options.observe ?? (() => undefined);
  const unmatched = (res: HttpResponse, head: RequestHead, reply: Reply, started: number) => {
    respond(res, head, reply);
    observe('unmatched', head.method, reply.status, (performance.now() - started) / 1000);
  };
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
    app[endpoint.method === 'delete' ? 'del' : endpoint.method](uwsPattern(endpoint.path), handlerFor(endpoint, budget, hops, observe));
  }
  for (const [path, group] of byPath) {
    const methods = group.map((e) => e.method.toUpperCase());
    const pattern = uwsPattern(path);
    app.options(pattern, (res, req) => {
      const head = capture(res, req, 0);
      unmatched(res, head, preflight(head, methods), performance.now());
    });
    // Method-specific handlers win over `any` in uWS's router, so this only sees the other methods.
    app.any(pattern, (res, req) => {
      const started = performance.now();
      const head = capture(res, req, 0);
      const err = refusal('not_allowed', 'method_not_allowed', `${head.method.toUpperCase()} is not allowed on ${path}; use ${methods.join(', ')}`);
      unmatched(res, head, serialiseError(errorReply(err, path), { allow: methods.join(', ') }), started);
    });
  }
  app.any('/*', (res, req) => {
    const started = performance.now();
    const head = capture(res, req, 0);
    const err = refusal('not_found', 'not_found', `No route for ${head.method.toUpperCase()} ${head.path}`);
    unmatched(res, head, serialiseError(errorReply(err, head.path), {}), started);
  });
  return app;
}

function handlerFor(endpoint: Endpoint, budget: BodyBudget, hops: number, observe: Observer) {
  const paramCount = (endpoint.path.match(/\{/g) ?? []).length;
  // Behind proxies, the per-peer body budget reads the client's address from x-forwarded-for.
  const transport = hops > 0 ? [...TRANSPORT_HEADERS, 'x-forwarded-for'] : TRANSPORT_HEADERS;
  const names = endpoint.readsHeaders && headerNames([...transport, ...endpoint.readsHeaders]);
  return (res: HttpResponse, req: HttpRequest) => {
    const started = performance.now();
    const head = capture(res, req, paramCount, endpoint.readsPeer, names);
    const bodyless = BODYLESS.has(head.method);
    const state: ResponseState = { aborted: false, bodyDone: bodyless, lingers: bodyless || Number(head.headers['content-length']) <= LINGER_BYTES, release: () => undefined };
    res.onAborted(() => {
      state.aborted = true;
      // A client that hangs up mid-body gives its buffered bytes back to the budget.
      state.release();
    });
    const answer = (reply: Reply) => {
      send(res, head, state, reply);
      observe(endpoint.path, head.method, reply.status, (performance.now() - started) / 1000);
    };
    const settle = (reply: Reply | Promise<Reply>) => (reply instanceof Promise ? reply.then(answer) : answer(reply));
    // The body is read while the credentials are checked; it is used only once they pass.
    const body = state.bodyDone ? EMPTY : new BodyReader(res, head, endpoint.maxBodyBytes, budget, hops, state);
    const admission = endpoint.begin(head);
    if (admission instanceof Promise) admission.then((a) => proceed(a, body, settle));
    else proceed(admission, body, settle);
  };
}

/** Sends a refusal at once; otherwise finishes with the body, synchronously when it is already in. */
function proceed(admission: Admission, body: string | BodyReader, settle: (reply: Reply | Promise<Reply>) => void): void {
  if ('refusal' in admission) {
    if (typeof body !== 'string') body.abandon();
    return settle(admission.refusal);
  }
  if (typeof body === 'string') return settle(admission.finish(body));
  body.then(
    (raw) => settle(admission.finish(raw)),
    (err: unknown) => settle(admission.reject(err)),
  );
}

interface ResponseState {
  aborted: boolean;
  /** False while body bytes may still arrive. */
  bodyDone: boolean;
  /**
   * An early reply keeps the connection when the rest of the body is small and declared (uWS skips it, and the client
   * reads the JSON answer instead of a reset); a large or chunked rest is not worth reading, so the connection closes.
   */
  lingers: boolean;
  /** Returns the bytes this request holds in the budget (once). */
  release(): void;
}

/** What handlers may read of the request, captured before uWS frees it; the peer address only where routes read it. */
class CapturedHead implements RequestHead {
  readonly id: string;
  private address: ArrayBuffer | string | null;

  constructor(
    res: HttpResponse,
    readonly method: string,
    readonly path: string,
    readonly query: string,
    readonly headers: Record<string, string>,
    readonly params: string[],
    withPeer: boolean,
  ) {
    this.id = requestId(headers['x-request-id']);
    // uWS formats the address on every call (~1 µs): hot location routes never need it.
    this.address = withPeer ? res.getRemoteAddressAsText() : null;
  }

  get remoteIp(): string {
    if (this.address === null) throw new Error(`${this.path}: the peer address was not captured for this endpoint (see Endpoint.readsPeer)`);
    if (typeof this.address !== 'string') this.address = Buffer.from(this.address).toString();
    return this.address;
  }
}

/** Headers the transport itself always reads: the body limit and the request id. */
const TRANSPORT_HEADERS = ['content-length', 'x-request-id'];

/** Header names with their bytes: uWS reads bytes without converting a JavaScript string on every call. */
type HeaderNames = Array<{ name: string; bytes: Uint8Array }>;

function headerNames(names: string[]): HeaderNames {
  return [...new Set(names)].map((name) => ({ name, bytes: Buffer.from(name) }));
}

/**
 * The head, with every header the client sent, or only `names` (an endpoint that declared what it reads: asking uWS
 * for a few names costs less than it calling back for each header sent, and a browser sends a dozen).
 */
function capture(res: HttpResponse, req: HttpRequest, paramCount: number, withPeer = true, names: HeaderNames | null = null): RequestHead {
  const headers: Record<string, string> = {};
  if (names === null) {
    req.forEach((key, value) => {
      headers[key] = value;
    });
  } else {
    for (const { name, bytes } of names) {
      const value = req.getHeader(bytes);
      // uWS answers "" for a header that was not sent.
      if (value !== '') headers[name] = value;
    }
  }
  const params: string[] = [];
  for (let i = 0; i < paramCount; i++) params.push(safeDecode(req.getParameter(i) ?? ''));
  return new CapturedHead(res, req.getMethod(), req.getUrl(), req.getQuery() ?? '', headers, params, withPeer);
}

/**
 * Reads the body up to `maxBytes` (a declared larger Content-Length is refused before any byte is buffered). A body that
 * arrives in one chunk is copied once, without a chunk list.
 */
class BodyReader {
  private chunks: Buffer[] | null = null;
  private size = 0;
  /** Who holds the bytes, known once the body spans more than one chunk. */
  private peer: string | null = null;
  private failed = false;
  private outcome: string | Error | null = null;
  private onBody: ((text: string) => void) | null = null;
  private onError: ((err: unknown) => void) | null = null;

  constructor(
    private readonly res: HttpResponse,
    private readonly head: RequestHead,
    private readonly maxBytes: number,
    private readonly budget: BodyBudget,
    private readonly hops: number,
    private readonly state: ResponseState,
  ) {
    state.release = () => this.release();
    if (Number(head.headers['content-length']) > maxBytes) this.fail(this.tooLarge());
    res.onData((chunk, isLast) => this.take(chunk, isLast));
  }

  /** Delivers the body (or why it was refused) to one pair of callbacks. */
  then(onBody: (text: string) => void, onError: (err: unknown) => void): void {
    this.onBody = onBody;
    this.onError = onError;
    if (this.outcome !== null) this.deliver(this.outcome);
  }

  /** The request was refused: keep reading nothing, hand back the budget. */
  abandon(): void {
    this.failed = true;
    this.release();
  }

  private take(chunk: ArrayBuffer, isLast: boolean): void {
    if (this.failed) return;
    if (this.size + chunk.byteLength > this.maxBytes) return this.fail(this.tooLarge());
    // Inside onData the response is alive, so its peer address can be read.
    if (!isLast && this.peer === null) this.peer = clientIp({ headers: this.head.headers, remoteIp: Buffer.from(this.res.getRemoteAddressAsText()).toString() }, this.hops);
    const answer = this.budget.take(chunk.byteLength, this.peer);
    if (answer !== 'taken') {
      const whose = answer === 'full' ? 'Too many request bodies in flight' : 'Too many request bodies in flight from your address';
      return this.fail(new DomainError('unavailable', 'server_busy', `${whose}; retry shortly`, { retryAfterSeconds: 1 }));
    }
    this.size += chunk.byteLength;
    // uWS neuters the chunk after this callback returns: a one-chunk body is decoded straight from it, others copied.
    if (!isLast) {
      (this.chunks ??= []).push(Buffer.from(chunk.slice(0)));
      return;
    }
    this.state.bodyDone = true;
    const text = UTF8.decode(this.chunks ? Buffer.concat([...this.chunks, Buffer.from(chunk)], this.size) : chunk);
    this.release();
    this.deliver(text);
  }

  private fail(err: Error): void {
    this.failed = true;
    this.release();
    this.deliver(err);
  }

  private deliver(outcome: string | Error): void {
    this.outcome = outcome;
    if (!this.onBody) return;
    if (typeof outcome === 'string') this.onBody(outcome);
    else this.onError!(outcome);
  }

  private release(): void {
    this.budget.release(this.size, this.peer);
    this.size = 0;
    this.chunks = null;
  }

  private tooLarge(): Error {
    return refusal('too_large', 'payload_too_large', `Request body exceeds ${this.maxBytes} bytes`);
  }
}

function send(res: HttpResponse, head: RequestHead, state: ResponseState, reply: Reply): void {
  if (state.aborted) return;
  res.cork(() => write(res, head, reply, !state.bodyDone && !state.lingers));
}

function respond(res: HttpResponse, head: RequestHead, reply: Reply): void {
  res.cork(() => write(res, head, reply, false));
}

/** "200 OK" and the like, made once per status. */
const STATUS_LINES = new Map<number, string>();

function write(res: HttpResponse, head: RequestHead, reply: Reply, close: boolean): void {
  // uWS writes "200 OK" itself when no status was set: one native call less on every answered lookup.
  if (reply.status !== 200) {
    let line = STATUS_LINES.get(reply.status);
    if (line === undefined) STATUS_LINES.set(reply.status, (line = `${reply.status} ${reasonPhrase(reply.status)}`));
    res.writeStatus(line);
  }
  res.writeHeader(REQUEST_ID, head.id);
  for (const key in reply.headers) res.writeHeader(key, reply.headers[key]!);
  res.end(reply.body, close);
}

/** `/v1/x/{id}` -> `/v1/x/:id` (the uWS pattern). */
export function uwsPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
