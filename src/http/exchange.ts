// One request through the transport, from its head to its reply: body reading within the budget, admission, the reply.
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import type { HttpResponse } from 'uWebSockets.js';
import { DomainError } from '../kernel/errors.ts';
import type { BodyBudget } from './body-budget.ts';
import { clientIp } from './client-ip.ts';
import { errorReply, reasonPhrase, refusal } from './errors.ts';
import { decodeBody } from './json-body.ts';
import type { CapturedHead } from './head-capture.ts';
import { JSON_ONLY, serialiseError, type Reply } from './envelope.ts';
import type { Admission, Endpoint } from './pipeline.ts';
import type { RequestHead } from './request.ts';
import type { Authenticated } from './route.ts';

/**
 * Called once per answered request: the route pattern ('unmatched' for 404/405), method, status, seconds taken and the
 * request's head (its id and path; null for a request whose framing was refused before a head was captured).
 */
export type Observer = (
  route: string,
  method: string,
  status: number,
  seconds: number,
  head: RequestHead | null,
) => void;

/** What every endpoint's requests share: the body budget, the proxy hops, the observer and the drain state. */
export interface Transport {
  budget: BodyBudget;
  hops: number;
  observe: Observer;
  /** Requests begun and not yet answered or aborted. */
  inFlight: number;
  /** Shutting down: every reply closes its connection, so keep-alive clients move to another server. */
  draining: boolean;
}

const EMPTY = '';
const REQUEST_ID = Buffer.from('x-request-id');
/** The one header of most answers, as bytes: no string conversions per reply. */
const CONTENT_TYPE = Buffer.from('content-type');
const JSON_CONTENT_TYPE = Buffer.from(JSON_ONLY['content-type']!);
/** Unread body bytes an early reply lets uWS skip instead of closing the connection. */
const LINGER_BYTES = 64 * 1024;

/**
 * One request through the transport: the credentials are checked from the head while the body is read, and the endpoint
 * finishes once both are in. One object per request and methods instead of closures: the hot path allocates little, and
 * nothing of a finished request stays reachable from another.
 */
export class Exchange {
  private readonly started = performance.now();
  /** Answered, or the client went away: nothing more is begun or sent. */
  private done = false;
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
  /** Set once a reply went out or the body failed: further chunks are dropped. */
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
    this.transport.inFlight++;
    this.res.onAborted(() => this.abort());
    if (!this.bodyDone) this.res.onData((chunk, isLast) => this.take(chunk, isLast));
    const admission = this.endpoint.begin(this.head);
    if (admission instanceof Promise)
      admission.then(
        (a) => this.admit(a, false),
        (err: unknown) => this.crash(err),
      );
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
    if (!isLast && this.peer === null)
      this.peer = clientIp(
        { headers: this.head.headers, remoteIp: Buffer.from(this.res.getRemoteAddressAsText()).toString() },
        hops,
      );
    const answer = budget.take(chunk.byteLength, this.peer);
    if (answer !== 'taken') {
      const whose =
        answer === 'full' ? 'Too many request bodies in flight' : 'Too many request bodies in flight from your address';
      return this.fail(
        new DomainError('unavailable', 'server_busy', `${whose}; retry shortly`, { retryAfterSeconds: 1 }),
      );
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
    this.body = decodeBody(this.chunks ? Buffer.concat([...this.chunks, Buffer.from(chunk)], this.size) : chunk);
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
    if (this.done) return;
    if (typeof body !== 'string') return this.send(endpoint.reject(head, granted!, body!), inCallback);
    this.deliver(endpoint.finish(head, granted!, body), inCallback);
  }

  private deliver(reply: Reply | Promise<Reply>, inCallback: boolean): void {
    if (reply instanceof Promise)
      reply.then(
        (r) => this.send(r, false),
        (err: unknown) => this.crash(err),
      );
    else this.send(reply, inCallback);
  }

  private send(reply: Reply, inCallback: boolean): void {
    // Answered before the body was in (a refusal, a failure): the rest is not read, and what was is given back.
    this.ignoring = true;
    this.release();
    if (this.done) return;
    this.done = true;
    this.transport.inFlight--;
    answer(this.res, this.head, reply, (!this.bodyDone && !this.lingers) || this.transport.draining, inCallback);
    this.transport.observe(
      this.endpoint.path,
      this.head.method,
      reply.status,
      (performance.now() - this.started) / 1000,
      this.head,
    );
  }

  /** Endpoints answer every failure themselves; this is for a broken endpoint (a thread that stopped answering). */
  private crash(err: unknown): void {
    this.send(serialiseError(errorReply(err, this.endpoint.path), {}), false);
  }

  private abort(): void {
    if (!this.done) this.transport.inFlight--;
    this.done = true;
    this.head.closed = true;
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

/** "200 OK" and the like, made once per status. */
const STATUS_LINES = new Map<number, string>();

/**
 * Writes a reply, corked. One to a request that asked to close the connection is written on the next turn when uWS is
 * parsing (`inCallback`): a request pipelined behind it then makes uWS close the connection instead of it being
 * processed (RFC 9112 section 9.6), which an answer written at once would not stop.
 */
export function answer(res: HttpResponse, head: CapturedHead, reply: Reply, close: boolean, inCallback: boolean): void {
  if (head.closes && inCallback) {
    res.onAborted(() => (head.closed = true));
    setImmediate(() => head.closed || res.cork(() => write(res, head, reply, true)));
  } else if (inCallback) write(res, head, reply, close || head.closes);
  else res.cork(() => write(res, head, reply, close || head.closes));
}

/** Writes a reply; outside a uWS callback the caller corks the socket first. */
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
  if (head.method === 'head') return writeHead(res, reply, close);
  else if (close) res.end(reply.body, true);
  // Only what the socket takes now: the rest follows as it drains (one answer per connection, never a queue of them).
  else if (!res.tryEnd(reply.body, 0)[0]) stream(res, reply.body);
}

/**
 * Sends the rest of an answer as the socket drains. The response stays open meanwhile, so uWS closes the connection
 * when another request arrives on it: a client that pipelines without reading holds one answer, not all of them.
 */
function stream(res: HttpResponse, body: string | Buffer): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // Replaces the exchange's handler, which has nothing left to do once its reply is written.
  res.onAborted(() => undefined);
  res.onWritable((offset) => res.tryEnd(bytes.subarray(offset), bytes.length)[0]);
}

/**
 * A HEAD answer: the GET one's headers, its Content-Length included, and no body. uWS.js 20.51's endWithoutBody(length)
 * leaves the response open, and its closeConnection argument needs a length: uWS still closes on the client's own
 * Connection: close, and a client told to close while the server drains closes itself.
 */
function writeHead(res: HttpResponse, reply: Reply, close: boolean): void {
  res.writeHeader('content-length', String(Buffer.byteLength(reply.body)));
  if (close) res.writeHeader('connection', 'close');
  res.endWithoutBody();
}
