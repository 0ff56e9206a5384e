// Turns route definitions into endpoints: authenticate from the head, then read the body, pick the action, validate, handle, wrap.
import { DomainError } from '../kernel/errors.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { errorReply, refusal, type ErrorReply } from './errors.ts';
import { decodeBody, parseJsonBody, PARSE_FIRST_CHARS, refuseDeep } from './json-body.ts';
import type { RequestHead } from './request.ts';
import {
  authKinds, CHECKED_ELSEWHERE, DEFAULT_MAX_BODY_BYTES, JsonText, pathParams, RawReply, type Authenticated, type Authenticator, type AuthKind, type RouteAuth,
  type RouteDef,
} from './route.ts';

/** A serialised reply, ready for any transport. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** A refusal an endpoint decided from the head alone, to send at once. */
export interface Refused {
  refusal: Reply;
}

/**
 * What an endpoint decides from the head: a refusal, or the grant its authenticator gave, which the transport hands back
 * to `finish` once the body is in. Grants may be shared between requests (the gate caches them), so nobody mutates one.
 */
export type Admission = Refused | Authenticated;

/** All routes of one method and path (several when it dispatches on an action). */
export interface Endpoint {
  method: RouteDef['method'];
  path: string;
  routes: RouteDef[];
  maxBodyBytes: number;
  browser: boolean;
  /** False for location (api_key) endpoints: none of their handlers asks for the peer address, so it is not captured. */
  readsPeer: boolean;
  /** False when no route of the endpoint has a query schema or query action: the query string is not captured. */
  readsQuery: boolean;
  /** The only request headers the endpoint reads (its authenticator's, lower case), or null for all of them. */
  readsHeaders: readonly string[] | null;
  /** Authenticates from the head (never the body); synchronous when the credentials are cached. */
  begin(head: RequestHead): Admission | Promise<Admission>;
  /** A route of the endpoint reads raw body bytes (`acceptBytes`): `finish` may be given them instead of text. */
  readsBytes: boolean;
  /**
   * The rest of an admitted request once `body` (bounded by maxBodyBytes) is in: UTF-8 text, or (to an endpoint that
   * reads bytes) the raw bytes, which it reads only before it returns. Synchronous unless the handler is not.
   */
  finish(head: RequestHead, granted: Authenticated, body: string | Uint8Array): Reply | Promise<Reply>;
  /** The reply to an admitted request whose body could not be read (too large, server busy). */
  reject(head: RequestHead, granted: Authenticated, err: unknown): Reply | Promise<Reply>;
  /** begin, then finish once `body` is in: the whole exchange for callers that are not a transport. */
  run(head: RequestHead, body: Promise<string>): Promise<Reply>;
}

export type Authenticators = Partial<Record<AuthKind, Authenticator>>;

/**
 * Finishes an admitted request in the thread that holds its route's body schema (see CHECKED_ELSEWHERE), with the grant's
 * principal and headers; that thread neither authenticates nor meters it again.
 */
export type Elsewhere = (endpoint: { method: string; path: string }, head: RequestHead, granted: Omit<Authenticated, 'answered'>, body: string) => Promise<Reply>;

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const PUBLIC: Authenticator = () => ({ principal: null });

/** Groups routes by method and path and compiles each group; throws at start-up for an inconsistent table. */
export function compileEndpoints(routes: RouteDef[], authenticators: Authenticators, log: Log = silentLog, elsewhere?: Elsewhere): Endpoint[] {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.values()].map((group) => compileEndpoint(group, authenticators, log, elsewhere));
}

function compileEndpoint(routes: RouteDef[], authenticators: Authenticators, log: Log, elsewhere: Elsewhere | undefined): Endpoint {
  const first = routes[0]!;
  const where = `${first.method.toUpperCase()} ${first.path}`;
  const kinds = authKinds(first.auth).join(' | ');
  if (routes.some((r) => authKinds(r.auth).join(' | ') !== kinds)) throw new Error(`${where}: every action must use the same auth kind`);
  if (routes.length > 1 && routes.some((r) => r.action?.in !== first.action?.in)) throw new Error(`${where}: actions must all come from one place`);
  const authenticate = authenticatorFor(first.auth, authenticators, where);
  if (!elsewhere && routes.some((r) => r.body === CHECKED_ELSEWHERE)) throw new Error(`${where}: its body is checked elsewhere, but no thread to send it to was given`);
  const byAction = new Map(routes.map((r) => [r.action?.name ?? '', r]));
  if (byAction.size !== routes.length) throw new Error(`${where}: duplicate action`);
  const browser = routes.some((r) => r.browser);
  const names = pathParams(first.path);
  // Any action's body schema means the body is JSON (the first action may take none, e.g. POST test_webhook).
  const readsBody = routes.some((r) => r.body) || first.action?.in === 'body';
  const readsQuery = routes.some((r) => r.query) || first.action?.in === 'query';
  // A single route with a fast check (the lookups): a small body is parsed first, and its depth scanned only when the
  // check fails; a shape the check accepts is flat by construction.
  const checksShape = routes.length === 1 && first.accept !== undefined;
  const acceptBytes = first.acceptBytes;
  if (routes.some((r) => r.acceptBytes) && routes.length > 1) throw new Error(`${where}: acceptBytes needs a route of its own`);
  const fail = (err: unknown, head: RequestHead, headers: Record<string, string>, official: boolean | undefined): Reply =>
    serialiseError(errorReply(err, where, log.child({ req: head.id })), headers, official);

  function begin(head: RequestHead): Admission | Promise<Admission> {
    try {
      const granted = authenticate(head, first);
      return granted instanceof Promise ? granted.catch((err: unknown) => refused(err, head)) : granted;
    } catch (err) {
      return refused(err, head);
    }
  }

  function refused(err: unknown, head: RequestHead): Refused {
    return { refusal: fail(err, head, browser ? reflectOrigin(head.headers.origin) : NO_HEADERS, first.official) };
  }

  /** Headers of every reply to an admitted request: the caller's origin on widget routes, then the grant's own. */
  function headersFor(head: RequestHead, granted: Authenticated): Record<string, string> {
    const cors = browser ? reflectOrigin(head.headers.origin) : NO_HEADERS;
    return granted.headers ? { ...cors, ...granted.headers } : cors;
  }

  function finish(head: RequestHead, granted: Authenticated, body: string | Uint8Array): Reply | Promise<Reply> {
    if (typeof body === 'string') return finishText(head, granted, body);
    const accepted = acceptBytes?.(body);
    return accepted === undefined ? finishText(head, granted, decodeBody(body)) : handled(first, accepted, NO_QUERY, head, granted);
  }

  function finishText(head: RequestHead, granted: Authenticated, raw: string): Reply | Promise<Reply> {
    let route = first;
    try {
      const scanLater = checksShape && raw.length <= PARSE_FIRST_CHARS;
      const json = readsBody ? parseJsonBody(raw, scanLater) : undefined;
      // Last value wins for a repeated parameter, for the action as for every other field.
      const query = readsQuery ? Object.fromEntries(new URLSearchParams(head.query)) : NO_QUERY;
      route = pick(byAction, first, query, json);
      let body: unknown;
      if (route.body) {
        body = route.accept?.(json);
        if (body === undefined && route.body === CHECKED_ELSEWHERE) {
          // Deep JSON is refused here: the thread with the schema would only parse it again to refuse it.
          if (scanLater) refuseDeep(raw);
          return sentElsewhere(head, granted, raw);
        }
        body ??= schemaChecked(route.body, json, scanLater ? raw : null);
      }
      return handled(route, body, query, head, granted);
    } catch (err) {
      return fail(err, head, headersFor(head, granted), route.official);
    }
  }

  /** Runs `route`'s handler on checked input and wraps its result (or its refusal). */
  function handled(route: RouteDef, body: unknown, query: Record<string, string>, head: RequestHead, granted: Authenticated): Reply | Promise<Reply> {
    const headers = headersFor(head, granted);
    try {
      const data = route.handle({
        params: route.params ? route.params.parse(Object.fromEntries(names.map((n, i) => [n, head.params[i]]))) : undefined,
        query: route.query ? route.query.parse(query) : undefined,
        body,
        auth: granted.principal,
        head,
      });
      if (!(data instanceof Promise)) return answered(route, data, headers, head, granted);
      const official = route.official;
      return data.then((d) => answered(route, d, headers, head, granted)).catch((err: unknown) => fail(err, head, headers, official));
    } catch (err) {
      return fail(err, head, headers, route.official);
    }
  }

  /** The thread with the schema answers; a success counts here, where the request was admitted. */
  async function sentElsewhere(head: RequestHead, granted: Authenticated, raw: string): Promise<Reply> {
    try {
      const reply = await elsewhere!(first, head, { principal: granted.principal, headers: granted.headers }, raw);
      if (reply.status < 300) granted.answered?.(head);
      return reply;
    } catch (err) {
      return fail(err, head, headersFor(head, granted), first.official);
    }
  }

  function reject(head: RequestHead, granted: Authenticated, err: unknown): Reply {
    return fail(err, head, headersFor(head, granted), first.official);
  }

  async function run(head: RequestHead, body: Promise<string>): Promise<Reply> {
    const admission = await begin(head);
    if ('refusal' in admission) {
      body.catch(() => undefined);
      return admission.refusal;
    }
    let raw: string;
    try {
      raw = await body;
    } catch (err) {
      return reject(head, admission, err);
    }
    return finish(head, admission, raw);
  }

  const maxBodyBytes = Math.max(...routes.map((r) => r.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
  const readsPeer = !authKinds(first.auth).every((kind) => kind === 'api_key');
  const reads = authKinds(first.auth).length === 1 ? authenticate.reads : undefined;
  const readsHeaders = reads ? [...new Set([...reads, ...(browser ? ['origin'] : [])])] : null;
  return { method: first.method, path: first.path, routes, maxBodyBytes, browser, readsPeer, readsQuery, readsHeaders, readsBytes: acceptBytes !== undefined, begin, finish, reject, run };
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_QUERY: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** The route's authenticator; for alternatives, one that tries each in order and keeps the first acceptance. */
function authenticatorFor(auth: RouteAuth, authenticators: Authenticators, where: string): Authenticator {
  const chosen = authKinds(auth).map((kind) => {
    const found = kind === 'public' ? PUBLIC : authenticators[kind];
    if (!found) throw new Error(`${where}: no authenticator for ${kind}`);
    return found;
  });
  if (chosen.length === 1) return chosen[0]!;
  return async (head, route) => {
    const refusals: unknown[] = [];
    for (const authenticate of chosen) {
      try {
        return await authenticate(head, route);
      } catch (err) {
        refusals.push(err);
      }
    }
    // A credential that was sent and refused says more than the absence of the others.
    const presented = refusals.find((err) => !isMissingCredential(err));
    if (presented !== undefined) throw presented;
    // None sent: the primary credential's code (what API clients already handle), a message naming every way in.
    const messages = refusals.map((err) => (err as DomainError).message);
    throw refusal('unauthorized', (refusals[0] as DomainError).code, messages.join('; or '));
  };
}

/** Authenticators refuse a request that carries none of their credential with an unauthorized `missing_*` code. */
function isMissingCredential(err: unknown): boolean {
  return err instanceof DomainError && err.kind === 'unauthorized' && err.code.startsWith('missing_');
}

/** `json` through the route's schema; `unscanned` is its text when parseJsonBody left the depth scan to the caller. */
function schemaChecked(schema: NonNullable<RouteDef['body']>, json: unknown, unscanned: string | null): unknown {
  if (unscanned !== null) refuseDeep(unscanned);
  return schema.parse(json);
}

/** The route for this request's action (the only route when the endpoint has no actions). */
function pick(byAction: Map<string, RouteDef>, first: RouteDef, query: Record<string, string>, json: unknown): RouteDef {
  if (!first.action) return first;
  const value = first.action.in === 'query' ? query.action : actionOf(json);
  const route = typeof value === 'string' ? byAction.get(value) : undefined;
  if (!route) {
    const where = first.action.in === 'query' ? 'the action query parameter' : 'body.action';
    throw refusal('invalid', 'unknown_action', `${where} must be one of ${[...byAction.keys()].join(', ')}`);
  }
  return route;
}

function actionOf(json: unknown): unknown {
  return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as { action?: unknown }).action : undefined;
}

/** The headers of a JSON reply that carries no others: transports may recognise it by identity (one pre-encoded header). */
export const JSON_ONLY: Readonly<Record<string, string>> = Object.freeze({ ...JSON_TYPE });

/** The reply to a handled request; the grant hears that it was answered (the usage meter counts it). */
function answered(route: RouteDef, data: unknown, headers: Record<string, string>, head: RequestHead, granted: Authenticated): Reply {
  const reply = serialise(route, data, headers);
  granted.answered?.(head);
  return reply;
}

function serialise(route: RouteDef, data: unknown, headers: Record<string, string>): Reply {
  if (data instanceof RawReply) return { status: data.status, headers: { ...headers, ...data.headers }, body: data.body };
  const envelope = route.envelope ?? 'data';
  const replyHeaders = headers === NO_HEADERS ? JSON_ONLY : { ...JSON_TYPE, ...headers };
  if (data instanceof JsonText) {
    // Pre-serialised answers (per-polygon fragments) are spliced, not re-stringified.
    const body = envelope === 'data' ? `{"success":true,"data":${data.text}}` : envelope === 'bare' ? data.text : undefined;
    if (body === undefined) throw new Error(`${route.path}: JsonText needs the data or bare envelope`);
    return { status: 200, headers: replyHeaders, body };
  }
  const payload =
    envelope === 'bare' ? data
    : envelope === 'fields' ? { success: true, ...(data as object) }
    : envelope === 'official' ? { success: true, data, ...(data as object) }
    : { success: true, data };
  return { status: 200, headers: replyHeaders, body: JSON.stringify(payload) };
}

/** Official-compatible routes answer like India Post's service, whose clients read the text from `error`. */
export function serialiseError(reply: ErrorReply, headers: Record<string, string>, official = false): Reply {
  const body = official ? { ...reply.body, error: reply.body.message } : reply.body;
  return { status: reply.status, headers: { ...JSON_TYPE, ...headers, ...reply.headers }, body: JSON.stringify(body) };
}

/** Headers that let the page at `origin` read a reply (Retry-After included); none for a request without Origin. */
export function reflectOrigin(origin: string | undefined): Record<string, string> {
  return origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after', vary: 'Origin' } : {};
}

/** Thrown by transports for requests that never reach an endpoint. */
export function transportRefusal(kind: 'too_large' | 'unavailable', code: string, message: string): DomainError {
  return refusal(kind, code, message);
}
