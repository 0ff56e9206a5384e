// What the transport reads of a uWS request before uWS frees it: only what the endpoint uses, and the request id.
import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import type { Endpoint } from './pipeline.ts';
import { RequestIds } from './request-ids.ts';
import { pathParams } from './route.ts';
import { safeDecode, type RequestHead } from './request.ts';

/** This thread's generated request ids. */
const IDS = new RequestIds();

/** What handlers may read of the request, captured before uWS frees it; the peer address only where routes read it. */
export class CapturedHead implements RequestHead {
  readonly receivedAt = Date.now();
  closed = false;
  /** The client asked to close the connection after this request (Connection: close). */
  closes = false;
  /** Declared here, so the gate's setting it keeps every head the same shape. */
  keyId: number | undefined = undefined;
  countedAhead = false;
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
    if (this.address === null)
      throw new Error(`${this.path}: the peer address was not captured for this endpoint (see Endpoint.readsPeer)`);
    if (typeof this.address !== 'string') this.address = Buffer.from(this.address).toString();
    return this.address;
  }
}

/** Headers the transport itself always reads: the body limit and the request id. */
export const TRANSPORT_HEADERS = ['content-length', 'x-request-id'];

/**
 * Headers whose repeated lines are one value, joined with ", " as RFC 9110 section 5.3 reads them: X-Forwarded-For's
 * lines are one list of hops (a proxy may add its own line after the client's), and a credential sent twice is then
 * no credential at all, on every route alike (uWS's getHeader would take the first line, a copied head the last).
 */
const JOINED = new Set(['x-forwarded-for', 'x-api-key', 'x-session-token']);
/** Tells JOINED's names apart from most header names by their first letter before hashing one. */
const joins = (key: string) => key.charCodeAt(0) === 120 && JOINED.has(key);

/**
 * Header names with their bytes (uWS reads bytes without converting a JavaScript string on every call), and an object
 * with every one of them, undefined: a request's headers start as a copy of it, so storing a value never changes the
 * object's shape (a store that adds a property, with a different name each time, is V8's slowest kind).
 */
export interface HeaderNames {
  list: Array<{ name: string; bytes: Uint8Array }>;
  template: Record<string, string | undefined>;
  /** Those whose repeated lines are joined (JOINED). */
  joined: string[];
}

export function headerNames(names: string[]): HeaderNames {
  const unique = [...new Set(names)];
  return {
    list: unique.map((name) => ({ name, bytes: Buffer.from(name) })),
    template: Object.fromEntries(unique.map((name) => [name, undefined])),
    joined: unique.filter(joins),
  };
}

/** What to read of a request: the endpoint's fixed method and path where it has them, and only what it uses. */
export interface HeadShape {
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
export const WHOLE_HEAD: HeadShape = { method: null, path: null, paramCount: 0, query: true, peer: true, names: null };

export function shapeOf(endpoint: Endpoint, names: HeaderNames | null): HeadShape {
  const paramCount = pathParams(endpoint.path).length;
  return {
    method: endpoint.method,
    path: paramCount === 0 ? endpoint.path : null,
    paramCount,
    query: endpoint.capture.query,
    peer: endpoint.capture.peer,
    names,
  };
}

/** Why a request's body length is unknowable, as its error code. */
export type Framing = 'conflicting_content_length' | 'invalid_content_length' | 'invalid_transfer_encoding';

const CONNECTION = Buffer.from('connection');
const TRANSFER_ENCODING = Buffer.from('transfer-encoding');
const CONTENT_LENGTH = Buffer.from('content-length');

/**
 * The head, with every header the client sent, or only the shape's `names` (an endpoint that declared what it reads:
 * asking uWS for a few names costs less than it calling back for each header sent, and a browser sends a dozen). A
 * Framing code when the body's length is unknowable (RFC 9112 section 6.3): two different Content-Length values (uWS
 * reads the first, a proxy in front may have used the last), an empty one (uWS reads no body), or a Transfer-Encoding
 * other than chunked alone or beside a Content-Length (uWS reads any as chunked, a proxy may not).
 */
export function capture(
  res: HttpResponse,
  req: HttpRequest,
  shape: HeadShape,
  bodyful: boolean,
): CapturedHead | Framing {
  const names = shape.names;
  let headers: Record<string, string>;
  let connection: string | undefined;
  let joinedLines = 0;
  if (names === null) {
    const framing = new FramingCheck();
    headers = {};
    req.forEach((key, value) => {
      framing.see(key, value);
      headers[key] = joins(key) && Object.hasOwn(headers, key) ? `${headers[key]}, ${value}` : value;
    });
    if (framing.error !== null) return framing.error;
    connection = headers.connection;
  } else {
    if (bodyful) {
      const framing = new FramingCheck();
      req.forEach((key, value) => {
        framing.see(key, value);
        if (joins(key)) joinedLines++;
      });
      if (framing.error !== null) return framing.error;
      connection = framing.connection;
    } else {
      // uWS reads a body by Transfer-Encoding on any method, so a bodyless route checks it too.
      const encoding = req.getHeader(TRANSFER_ENCODING);
      if (encoding !== '' && !isChunked(encoding, req.getHeader(CONTENT_LENGTH))) return 'invalid_transfer_encoding';
      connection = req.getHeader(CONNECTION);
    }
    // Headers not sent stay undefined (uWS answers "" for them).
    headers = { ...names.template } as Record<string, string>;
    for (const { name, bytes } of names.list) {
      const value = req.getHeader(bytes);
      if (value !== '') headers[name] = value;
    }
    // getHeader answers the first of repeated lines; a bodyless route sees only that (no endpoint declares so yet).
    if (joinedLines > 0 && joinedLines > sent(headers, names.joined)) Object.assign(headers, joinedValues(req, names));
  }
  const params: string[] = shape.paramCount === 0 ? NO_PARAMS : [];
  for (let i = 0; i < shape.paramCount; i++) params.push(safeDecode(req.getParameter(i) ?? ''));
  const query = shape.query ? (req.getQuery() ?? '') : '';
  const head = new CapturedHead(
    res,
    shape.method ?? req.getMethod(),
    shape.path ?? req.getUrl(),
    query,
    headers,
    params,
    shape.peer,
  );
  if (connection !== undefined && connection.length >= 5) head.closes = asksClose(connection);
  return head;
}

/** How many of `names` have a value in `headers`. */
function sent(headers: Record<string, string>, names: string[]): number {
  let n = 0;
  for (const name of names) if (headers[name] !== undefined) n++;
  return n;
}

/** The declared JOINED headers of a request that sent one of them on several lines, each with its lines joined. */
function joinedValues(req: HttpRequest, names: HeaderNames): Record<string, string> {
  const joined: Record<string, string> = {};
  req.forEach((key, value) => {
    if (!names.joined.includes(key)) return;
    joined[key] = Object.hasOwn(joined, key) ? `${joined[key]}, ${value}` : value;
  });
  return joined;
}

/** The framing headers of one request, seen one by one (uWS's getHeader sees only the first of a repeated name). */
class FramingCheck {
  error: Framing | null = null;
  connection: string | undefined = undefined;
  private length: string | undefined = undefined;
  private encoding: string | undefined = undefined;

  see(key: string, value: string): void {
    if (key === 'content-length') {
      if (value === '') this.error ??= 'invalid_content_length';
      else if (this.length !== undefined && this.length !== value) this.error ??= 'conflicting_content_length';
      this.length = value;
    } else if (key === 'transfer-encoding') {
      // A second Transfer-Encoding adds codings to the first (RFC 9110 section 5.3): never chunked alone.
      if (this.encoding !== undefined) this.error ??= 'invalid_transfer_encoding';
      this.encoding = value;
    } else if (key === 'connection') this.connection = value;
    else return;
    if (this.encoding !== undefined && !isChunked(this.encoding, this.length ?? ''))
      this.error ??= 'invalid_transfer_encoding';
  }
}

/** Transfer-Encoding exactly chunked (any case) and no Content-Length beside it (RFC 9112 section 6.1). */
function isChunked(encoding: string, length: string): boolean {
  return length === '' && encoding.length === 7 && encoding.toLowerCase() === 'chunked';
}

/** Connection names the close option (RFC 9112 section 9.6); a list of options may carry it anywhere. */
function asksClose(connection: string): boolean {
  return /(?:^|,)[ \t]*close[ \t]*(?:,|$)/i.test(connection);
}
