// Route definitions become endpoints, each request taking one staged path: authenticate from the head; then parse the
// body, pick the action's route, check the input against its schemas, run the handler and wrap its result.
import { extend } from '../kernel/extend.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { authenticatorFor, type Authenticators } from './authenticate.ts';
import { NO_HEADERS, reflectOrigin, serialiseError, wrap, type Reply } from './envelope.ts';
import { errorReply, refusal } from './errors.ts';
import { decodeBody, parseJsonBody } from './json-body.ts';
import type { RequestHead } from './request.ts';
import { authKinds, DEFAULT_MAX_BODY_BYTES, pathParams, type Authenticated, type RouteDef } from './route.ts';

export type { Authenticators } from './authenticate.ts';
export type { Reply } from './envelope.ts';

/** A refusal an endpoint decided from the head alone, to send at once. */
export interface Refused {
  refusal: Reply;
}

/**
 * What an endpoint decides from the head: a refusal, or the grant its authenticator gave, which the transport hands back
 * to `finish` once the body is in. Grants may be shared between requests (the gate caches them), so nobody mutates one.
 */
export type Admission = Refused | Authenticated;

/** What the transport reads of a request before the endpoint sees it. */
export interface Capture {
  /** The only request headers the endpoint reads (lower case), or null for every header sent. */
  headers: readonly string[] | null;
  /** The client's address. */
  peer: boolean;
  /** The query string. */
  query: boolean;
}

/** What the transport serves for one method and path: general routes compiled here, or a feature's own fast lane. */
export interface Endpoint {
  method: RouteDef['method'];
  path: string;
  /** The routes it answers (several when it dispatches on an action): the OpenAPI documents and tests read them. */
  routes: RouteDef[];
  maxBodyBytes: number;
  /** Widget-facing: refusals too reflect the caller's Origin. */
  browser: boolean;
  capture: Capture;
  /** `finish` may be given the body's raw bytes (only while the call lasts) instead of its text. */
  readsBytes: boolean;
  /** Authenticates from the head (never the body); synchronous when the credentials are cached. */
  begin(head: RequestHead): Admission | Promise<Admission>;
  /** The rest of an admitted request once its body (bounded by maxBodyBytes) is in; synchronous unless the handler waits. */
  finish(head: RequestHead, granted: Authenticated, body: string | Uint8Array): Reply | Promise<Reply>;
  /** The reply to an admitted request whose body could not be read (too large, server busy). */
  reject(head: RequestHead, granted: Authenticated, err: unknown): Reply;
}

export interface CompileOptions {
  log?: Log;
  /** Every handler waits for the network (the store is PostgreSQL): each starts as RouteSpec.waits describes. */
  allWait?: boolean;
}

/** Groups routes by method and path and compiles each group; throws at start-up for an inconsistent table. */
export function compileEndpoints(
  routes: RouteDef[],
  authenticators: Authenticators,
  options: CompileOptions = {},
): Endpoint[] {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.values()].map((group) => compileEndpoint(group, authenticators, options));
}

function compileEndpoint(routes: RouteDef[], authenticators: Authenticators, options: CompileOptions): Endpoint {
  const first = routes[0]!;
  const where = `${first.method.toUpperCase()} ${first.path}`;
  checkGroup(routes, where);
  const authenticate = authenticatorFor(first.auth, authenticators, where);
  const log = options.log ?? silentLog;
  const byAction = new Map(routes.map((r) => [r.action?.name ?? '', r]));
  const browser = routes.some((r) => r.browser);
  const names = pathParams(first.path);
  // Any action's body schema means the body is JSON (an action may take none, e.g. POST test_webhook).
  const readsBody = routes.some((r) => r.body) || first.action?.in === 'body';

  const fail = (
    err: unknown,
    head: RequestHead,
    headers: Readonly<Record<string, string>>,
    official = first.official,
  ): Reply => serialiseError(errorReply(err, where, log.child({ req: head.id })), headers, official);

  /** Every reply to an admitted request: the caller's origin on widget routes, then the grant's own headers. */
  const headersFor = (head: RequestHead, granted: Authenticated): Readonly<Record<string, string>> => {
    const cors = browser ? reflectOrigin(head.headers.origin) : NO_HEADERS;
    return granted.headers ? extend(cors, granted.headers) : cors;
  };

  function begin(head: RequestHead): Admission | Promise<Admission> {
    const refused = (err: unknown): Refused => ({
      refusal: fail(err, head, browser ? reflectOrigin(head.headers.origin) : NO_HEADERS),
    });
    try {
      const granted = authenticate(head, first);
      return granted instanceof Promise ? granted.catch(refused) : granted;
    } catch (err) {
      return refused(err);
    }
  }

  function finish(head: RequestHead, granted: Authenticated, body: string | Uint8Array): Reply | Promise<Reply> {
    const headers = headersFor(head, granted);
    let route = first;
    try {
      const json = readsBody ? parseJsonBody(typeof body === 'string' ? body : decodeBody(body)) : undefined;
      // Last value wins for a repeated parameter, for the action as for every other field.
      const query = Object.fromEntries(new URLSearchParams(head.query));
      route = pick(query, json);
      const input = {
        params: route.params
          ? route.params.parse(Object.fromEntries(names.map((n, i) => [n, head.params[i]])))
          : undefined,
        query: route.query ? route.query.parse(query) : undefined,
        body: route.body ? route.body.parse(json) : undefined,
        auth: granted.principal,
        head,
      };
      const official = route.official;
      const answered = (data: unknown): Reply | Promise<Reply> => {
        const reply = wrap(route, data, headers);
        const counted = granted.answered?.(head);
        if (!(counted instanceof Promise)) return reply;
        return counted.then(
          () => reply,
          (err: unknown) => fail(err, head, headers, official),
        );
      };
      const data = route.waits || options.allWait ? onNextTurn(head, () => route.handle(input)) : route.handle(input);
      if (!(data instanceof Promise)) return answered(data);
      return data.then(answered, (err: unknown) => fail(err, head, headers, official));
    } catch (err) {
      return fail(err, head, headers, route.official);
    }
  }

  /** The route for this request's action (the only route when the endpoint has no actions). */
  function pick(query: Record<string, string>, json: unknown): RouteDef {
    if (!first.action) return first;
    const value = first.action.in === 'query' ? query.action : actionOf(json);
    const route = typeof value === 'string' ? byAction.get(value) : undefined;
    if (route) return route;
    const field = first.action.in === 'query' ? 'the action query parameter' : 'body.action';
    throw refusal('invalid', 'unknown_action', `${field} must be one of ${[...byAction.keys()].join(', ')}`);
  }

  return {
    method: first.method,
    path: first.path,
    routes,
    browser,
    maxBodyBytes: Math.max(...routes.map((r) => r.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)),
    // Asking uWS for the peer address is a system call and a formatted string: only for routes that read it.
    capture: { headers: null, peer: routes.some((r) => r.readsPeer === true), query: true },
    readsBytes: false,
    begin,
    finish,
    reject: (head, granted, err) => fail(err, head, headersFor(head, granted)),
  };
}

/**
 * Runs `handle` on the next turn of the event loop, unless the client has gone by then: a pipelined request behind
 * this one, which makes uWS close the connection, has ended it in the meantime, and nothing is begun for an answer
 * nobody could receive (see RouteSpec.waits).
 */
function onNextTurn(head: RequestHead, handle: () => unknown): Promise<unknown> {
  return new Promise((resolve) => setImmediate(resolve)).then(() => {
    if (head.closed === true)
      throw refusal('unavailable', 'client_gone', 'The connection closed before the request was handled');
    return handle();
  });
}

/** Every action of one method and path shares its auth kind and the place its action name comes from. */
function checkGroup(routes: RouteDef[], where: string): void {
  const first = routes[0]!;
  const kinds = authKinds(first.auth).join(' | ');
  if (routes.some((r) => authKinds(r.auth).join(' | ') !== kinds))
    throw new Error(`${where}: every action must use the same auth kind`);
  if (routes.length > 1 && routes.some((r) => !r.action || r.action.in !== first.action?.in))
    throw new Error(`${where}: actions must all come from one place`);
  if (new Set(routes.map((r) => r.action?.name ?? '')).size !== routes.length)
    throw new Error(`${where}: duplicate action`);
}

function actionOf(json: unknown): unknown {
  return json !== null && typeof json === 'object' && !Array.isArray(json)
    ? (json as { action?: unknown }).action
    : undefined;
}
