// uWS transport: registers endpoints, reads bodies within per-route and global limits, answers 404/405/preflights as JSON.
// Node's globals performance and Buffer are accessors on globalThis: the hot path imports them instead.
import { DomainError } from '../kernel/errors.ts';
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import uWS, { type HttpRequest, type HttpResponse, type TemplatedApp } from 'uWebSockets.js';
import { BodyBudget } from './body-budget.ts';
import { clientIp } from './client-ip.ts';
import { preflight } from './cors.ts';
import { errorReply, reasonPhrase, refusal } from './errors.ts';
import { JSON_ONLY, serialiseError, type Admission, type Endpoint, type Reply } from './pipeline.ts';
import type { Authenticated } from './route.ts';
import { RequestIds } from './request-ids.ts';
import { safeDecode, type RequestHead } from './request.ts';

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
/** The one header of most answers, as bytes: no string conversions per reply. */
const CONTENT_TYPE = Buffer.from('content-type');
const JSON_CONTENT_TYPE = Buffer.from(JSON_ONLY['content-type']!);
/** Unread body bytes an early reply lets uWS skip instead of closing the connection. */
const LINGER_BYTES = 64 * 1024;
const BODYLESS = new Set(['get', 'head', 'options', 'delete']);

/** What every endpoint's requests share: the body budget, the proxy hops and the observer. */
interface Transport {
  budget: BodyBudget;
  hops: number;
  observe: Observer;
}

/** Creates the uWS app serving `endpoints`; no listen here. */
export function createHttpApp(endpoints: Endpoint[], options: TransportOptions): TemplatedApp {
  const app = uWS.App();
  // Each peer may hold an eighth of the budget, but always enough for the largest body a route accepts.
  const largest = Math.max(0, ...endpoints.map((e) => e.maxBodyBytes));
  const transport: Transport = {
    budget: new BodyBudget(options.bodyBudgetBytes, Math.max(largest, Math.floor(options.bodyBudgetBytes / 8))),
    hops: options.trustProxyHops ?? 0,
    observe: options.observe ?? (() => undefined),
  };
  // Answered inside uWS's route handler, where the socket is corked already.
  const unmatched = (res: HttpResponse, head: CapturedHead, reply: Reply, started: number) => {
    write(res, head, reply, false);
    transport.observe('unmatched', head.method, reply.status, (performance.now() - started) / 1000);
  };
  const byPath = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
    app[endpoint.method === 'delete' ? 'del' : endpoint.method](uwsPattern(endpoint.path), handlerFor(endpoint, transport));
  }
  for (const [path, group] of byPath) {
    const methods = group.map((e) => e.method.toUpperCase());
    const pattern = uwsPattern(path);
    app.options(pattern, (res, req) => {
      const head = capture(res, req, WHOLE_HEAD);
      unmatched(res, head, preflight(head, methods), performance.now());
    });
    // Method-specific handlers win over `any` in uWS's router, so this only sees the other methods.
    app.any(pattern, (res, req) => {
      const started = performance.now();
      const head = capture(res, req, WHOLE_HEAD);
      const err = refusal('not_allowed', 'method_not_allowed', `${head.method.toUpperCase()} is not allowed on ${path}; use ${methods.join(', ')}`);
      unmatched(res, head, serialiseError(errorReply(err, path), { allow: methods.join(', ') }), started);
    });
  }
  app.any('/*', (res, req) => {
    const started = performance.now();
    const head = capture(res, req, WHOLE_HEAD);
    const err = refusal('not_found', 'not_found', `No route for ${head.method.toUpperCase()} ${head.path}`);
    unmatched(res, head, serialiseError(errorReply(err, head.path), {}), started);
  });
  return app;
}

function handlerFor(endpoint: Endpoint, transport: Transport) {
  // Behind proxies, the per-peer body budget reads the client's address from x-forwarded-for.
  const headers = transport.hops > 0 ? [...TRANSPORT_HEADERS, 'x-forwarded-for'] : TRANSPORT_HEADERS;
  const names = endpoint.readsHeaders && headerNames([...headers, ...endpoint.readsHeaders]);
  const shape = shapeOf(endpoint, names);
  const bodyless = BODYLESS.has(endpoint.method);
  return (res: HttpResponse, req: HttpRequest) => {
    const head = capture(res, req, shape);
    // An endpoint that declared its headers may read others while it admits the request (the gate: a public key's origin).
    if (names !== null) head.request = req;
    new Exchange(res, head, endpoint, transport, bodyless).start();
    head.request = null;
  };
}

/**
 * One request through the transport: the credentials are checked from the head while the body is read, and the endpoint
 * finishes once both are in. One object per request and methods instead of closures: the hot path allocates little, and
 * nothing of a finished request stays reachable from another.
 */
class Exchange {
  private readonly started = performance.now();
  private aborted = false;
  /** False while body bytes may still arrive. */
  private bodyDone: boolean;
  /**
   * An early reply keeps the connection when the rest of the body is small and declared (uWS skips it, and the client
   * reads the JSON answer instead of a reset); a large or chunked rest is not worth reading, so the connection closes.
   */
  private readonly lingers: boolean;
  /** Chunks of a body that spans several of them; a one-chunk body is decoded straight from uWS's buffer. */
  private chunks: Buffer[] | null = null;
  /** Body bytes this request holds in the budget. */
  private size = 0;
  /** Who holds the bytes, known once the body spans more than one chunk. */
  private peer: string | null = null;
  /** Set once the body failed or the request was refused: further chunks are dropped. */
  private ignoring = false;
  /** The body text, or why it could not be read, once known. */
  private body: string | Error | null = null;
  /** The endpoint's grant, once it admitted the request. */
  private granted: Authenticated | null = null;

  constructor(
    private readonly res: HttpResponse,
    private readonly head: CapturedHead,
    private readonly endpoint: Endpoint,
    private readonly transport: Transport,
    bodyless: boolean,
  ) {
    this.bodyDone = bodyless;
    const declared = bodyless ? 0 : Number(head.headers['content-length']);
    this.lingers = bodyless || declared <= LINGER_BYTES;
    if (bodyless) this.body = EMPTY;
    else if (declared > endpoint.maxBodyBytes) this.fail(this.tooLarge());
  }

  /** Runs inside uWS's route handler: the body is read while the credentials are checked, and used only once they pass. */
  start(): void {
    this.res.onAborted(() => this.abort());
    if (!this.bodyDone) this.res.onData((chunk, isLast) => this.take(chunk, isLast));
    const admission = this.endpoint.begin(this.head);
    if (admission instanceof Promise) admission.then((a) => this.admit(a, false), (err: unknown) => this.crash(err));
    else this.admit(admission, true);
  }

  /** `inCallback`: running synchronously inside a uWS callback, where the socket is corked. */
  private admit(admission: Admission, inCallback: boolean): void {
    if ('refusal' in admission) return this.send(admission.refusal, inCallback);
    this.granted = admission;
    if (this.body !== null) this.finish(inCallback);
  }

  private take(chunk: ArrayBuffer, isLast: boolean): void {
    // uWS hands over an empty chunk when the head came without body bytes: nothing to hold or read yet.
    if (this.ignoring || (chunk.byteLength === 0 && !isLast)) return;
    const { budget, hops } = this.transport;
    if (this.size + chunk.byteLength > this.endpoint.maxBodyBytes) return this.fail(this.tooLarge());
    // Inside onData the response is alive, so its peer address can be read.
    if (!isLast && this.peer === null) this.peer = clientIp({ headers: this.head.headers, remoteIp: Buffer.from(this.res.getRemoteAddressAsText()).toString() }, hops);
    const answer = budget.take(chunk.byteLength, this.peer);
    if (answer !== 'taken') {
      const whose = answer === 'full' ? 'Too many request bodies in flight' : 'Too many request bodies in flight from your address';
      return this.fail(new DomainError('unavailable', 'server_busy', `${whose}; retry shortly`, { retryAfterSeconds: 1 }));
    }
    this.size += chunk.byteLength;
    // uWS neuters the chunk after this callback returns: a one-chunk body is read straight from it, others copied.
    if (!isLast) {
      (this.chunks ??= []).push(Buffer.from(chunk.slice(0)));
      return;
    }
    this.bodyDone = true;
    if (this.chunks === null && this.granted !== null && this.endpoint.readsBytes) {
      // Admitted already: the endpoint reads the bytes before this callback returns, without decoding them first.
      this.release();
      return this.deliver(this.endpoint.finish(this.head, this.granted, new Uint8Array(chunk)), true);
    }
    this.body = UTF8.decode(this.chunks ? Buffer.concat([...this.chunks, Buffer.from(chunk)], this.size) : chunk);
    this.release();
    if (this.granted !== null) this.finish(true);
  }

  private fail(err: Error): void {
    this.ignoring = true;
    this.release();
    this.body = err;
    if (this.granted !== null) this.finish(true);
  }

  private finish(inCallback: boolean): void {
    const { head, endpoint, body, granted } = this;
    this.deliver(typeof body === 'string' ? endpoint.finish(head, granted!, body) : endpoint.reject(head, granted!, body!), inCallback);
  }

  private deliver(reply: Reply | Promise<Reply>, inCallback: boolean): void {
    if (reply instanceof Promise) reply.then((r) => this.send(r, false), (err: unknown) => this.crash(err));
    else this.send(reply, inCallback);
  }

  private send(reply: Reply, inCallback: boolean): void {
    // Answered before the body was in (a refusal, a failure): the rest is not read, and what was is given back.
    this.ignoring = true;
    this.release();
    if (this.aborted) return;
    const close = !this.bodyDone && !this.lingers;
    if (inCallback) write(this.res, this.head, reply, close);
    else this.res.cork(() => write(this.res, this.head, reply, close));
    this.transport.observe(this.endpoint.path, this.head.method, reply.status, (performance.now() - this.started) / 1000);
  }

  /** Endpoints answer every failure themselves; this is for a broken endpoint (a thread that stopped answering). */
  private crash(err: unknown): void {
    this.send(serialiseError(errorReply(err, this.endpoint.path), {}), false);
  }

  private abort(): void {
    this.aborted = true;
    // A client that hangs up mid-body gives its buffered bytes back to the budget.
    this.release();
  }

  /** Returns the bytes this request holds in the budget (once). */
  private release(): void {
    this.transport.budget.release(this.size, this.peer);
    this.size = 0;
    this.chunks = null;
  }

  private tooLarge(): Error {
    return refusal('too_large', 'payload_too_large', `Request body exceeds ${this.endpoint.maxBodyBytes} bytes`);
  }
}

/** This thread's generated request ids. */
const IDS = new RequestIds();

/** What handlers may read of the request, captured before uWS frees it; the peer address only where routes read it. */
class CapturedHead implements RequestHead {
  readonly receivedAt = Date.now();
  /** The caller's request id, or null when this thread generated `sequence`. */
  private readonly given: string | null;
  private readonly sequence: number;
  private address: ArrayBuffer | string | null;
  /** uWS's request while its handler runs (more headers may be read), null once it returned or when every header was read. */
  request: HttpRequest | null = null;

  constructor(
    res: HttpResponse,
    readonly method: string,
    readonly path: string,
    readonly query: string,
    readonly headers: Record<string, string>,
    readonly params: string[],
    withPeer: boolean,
  ) {
    this.given = RequestIds.given(headers['x-request-id']);
    this.sequence = this.given === null ? IDS.next() : 0;
    // uWS formats the address on every call (~1 µs): hot location routes never need it.
    this.address = withPeer ? res.getRemoteAddressAsText() : null;
  }

  get id(): string {
    return this.given ?? IDS.text(this.sequence);
  }

  /** The id as the X-Request-Id reply header: a generated one without making its string. */
  idValue(): string | Uint8Array {
    return this.given ?? IDS.value(this.sequence);
  }

  readMore(names: readonly string[]): void {
    const request = this.request;
    if (request === null) return;
    for (const name of names) {
      const value = request.getHeader(name);
      if (value !== '') this.headers[name] = value;
    }
  }

  get remoteIp(): string {
    if (this.address === null) throw new Error(`${this.path}: the peer address was not captured for this endpoint (see Endpoint.readsPeer)`);
    if (typeof this.address !== 'string') this.address = Buffer.from(this.address).toString();
    return this.address;
  }
}

/** Headers the transport itself always reads: the body limit and the request id. */
const TRANSPORT_HEADERS = ['content-length', 'x-request-id'];

/**
 * Header names with their bytes (uWS reads bytes without converting a JavaScript string on every call), and an object
 * with every one of them, undefined: a request's headers start as a copy of it, so storing a value never changes the
 * object's shape (a store that adds a property, with a different name each time, is V8's slowest kind).
 */
interface HeaderNames {
  list: Array<{ name: string; bytes: Uint8Array }>;
  template: Record<string, string | undefined>;
}

function headerNames(names: string[]): HeaderNames {
  const unique = [...new Set(names)];
  return { list: unique.map((name) => ({ name, bytes: Buffer.from(name) })), template: Object.fromEntries(unique.map((name) => [name, undefined])) };
}

/** What to read of a request: the endpoint's fixed method and path where it has them, and only what it uses. */
interface HeadShape {
  /** The endpoint's method (uWS routed by it), or null to read the request's. */
  method: string | null;
  /** The endpoint's path when it has no parameters (uWS matched it exactly), or null to read the URL. */
  path: string | null;
  paramCount: number;
  /** Read the query string (else it is empty: the endpoint never reads it). */
  query: boolean;
  /** Read the peer address. */
  peer: boolean;
  /** Read only these headers, or every header the client sent (null). */
  names: HeaderNames | null;
}

const NO_PARAMS: string[] = Object.freeze([]) as unknown as string[];

/** Everything, for requests no endpoint answers (404, 405, preflights). */
const WHOLE_HEAD: HeadShape = { method: null, path: null, paramCount: 0, query: true, peer: true, names: null };

function shapeOf(endpoint: Endpoint, names: HeaderNames | null): HeadShape {
  const paramCount = (endpoint.path.match(/\{/g) ?? []).length;
  return { method: endpoint.method, path: paramCount === 0 ? endpoint.path : null, paramCount, query: endpoint.readsQuery, peer: endpoint.readsPeer, names };
}

/**
 * The head, with every header the client sent, or only the shape's `names` (an endpoint that declared what it reads:
 * asking uWS for a few names costs less than it calling back for each header sent, and a browser sends a dozen).
 */
function capture(res: HttpResponse, req: HttpRequest, shape: HeadShape): CapturedHead {
  const names = shape.names;
  let headers: Record<string, string>;
  if (names === null) {
    headers = {};
    req.forEach((key, value) => {
      headers[key] = value;
    });
  } else {
    // Headers not sent stay undefined (uWS answers "" for them).
    headers = { ...names.template } as Record<string, string>;
    for (const { name, bytes } of names.list) {
      const value = req.getHeader(bytes);
      if (value !== '') headers[name] = value;
    }
  }
  const params: string[] = shape.paramCount === 0 ? NO_PARAMS : [];
  for (let i = 0; i < shape.paramCount; i++) params.push(safeDecode(req.getParameter(i) ?? ''));
  const query = shape.query ? (req.getQuery() ?? '') : '';
  return new CapturedHead(res, shape.method ?? req.getMethod(), shape.path ?? req.getUrl(), query, headers, params, shape.peer);
}

/** "200 OK" and the like, made once per status. */
const STATUS_LINES = new Map<number, string>();

function write(res: HttpResponse, head: CapturedHead, reply: Reply, close: boolean): void {
  // uWS writes "200 OK" itself when no status was set: one native call less on every answered lookup.
  if (reply.status !== 200) {
    let line = STATUS_LINES.get(reply.status);
    if (line === undefined) STATUS_LINES.set(reply.status, (line = `${reply.status} ${reasonPhrase(reply.status)}`));
    res.writeStatus(line);
  }
  res.writeHeader(REQUEST_ID, head.idValue());
  if (reply.headers === JSON_ONLY) res.writeHeader(CONTENT_TYPE, JSON_CONTENT_TYPE);
  else for (const key in reply.headers) res.writeHeader(key, reply.headers[key]!);
  res.end(reply.body, close);
}

/** `/v1/x/{id}` -> `/v1/x/:id` (the uWS pattern). */
export function uwsPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
