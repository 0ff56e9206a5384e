// Turns route definitions into endpoints: authenticate from the head, then read the body, pick the action, validate, handle, wrap.
import { DomainError } from '../kernel/errors.ts';
import { errorReply, refusal, type ErrorReply } from './errors.ts';
import { parseJsonBody } from './json-body.ts';
import type { RequestHead } from './request.ts';
import {
  authKinds, DEFAULT_MAX_BODY_BYTES, pathParams, RawReply, type Authenticated, type Authenticator, type AuthKind, type RouteAuth, type RouteDef,
} from './route.ts';

/** A serialised reply, ready for any transport. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

/** All routes of one method and path (several when it dispatches on an action). */
export interface Endpoint {
  method: RouteDef['method'];
  path: string;
  routes: RouteDef[];
  maxBodyBytes: number;
  browser: boolean;
  /** `body` is already being read by the transport (bounded by maxBodyBytes); it is awaited only after authentication. */
  run(head: RequestHead, body: Promise<Buffer>): Promise<Reply>;
}

export type Authenticators = Partial<Record<AuthKind, Authenticator>>;

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const PUBLIC: Authenticator = () => ({ principal: null });

/** Groups routes by method and path and compiles each group; throws at start-up for an inconsistent table. */
export function compileEndpoints(routes: RouteDef[], authenticators: Authenticators): Endpoint[] {
  const groups = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  return [...groups.values()].map((group) => compileEndpoint(group, authenticators));
}

function compileEndpoint(routes: RouteDef[], authenticators: Authenticators): Endpoint {
  const first = routes[0]!;
  const where = `${first.method.toUpperCase()} ${first.path}`;
  const kinds = authKinds(first.auth).join(' | ');
  if (routes.some((r) => authKinds(r.auth).join(' | ') !== kinds)) throw new Error(`${where}: every action must use the same auth kind`);
  if (routes.length > 1 && routes.some((r) => r.action?.in !== first.action?.in)) throw new Error(`${where}: actions must all come from one place`);
  const authenticate = authenticatorFor(first.auth, authenticators, where);
  const byAction = new Map(routes.map((r) => [r.action?.name ?? '', r]));
  if (byAction.size !== routes.length) throw new Error(`${where}: duplicate action`);
  const browser = routes.some((r) => r.browser);
  const names = pathParams(first.path);
  // Any action's body schema means the body is JSON (the first action may take none, e.g. POST test_webhook).
  const readsJson = routes.some((r) => r.body) || first.action?.in === 'body';

  async function run(head: RequestHead, body: Promise<Buffer>): Promise<Reply> {
    const cors = browser ? reflectOrigin(head.headers.origin) : {};
    let granted: Authenticated;
    try {
      granted = await authenticate!(head, first);
    } catch (err) {
      body.catch(() => undefined);
      return serialiseError(errorReply(err, where), cors, first.official);
    }
    let route = first;
    try {
      const raw = await body;
      const json = readsJson ? parseJsonBody(raw) : undefined;
      route = pick(byAction, first, head, json);
      const data = await route.handle({
        params: route.params ? route.params.parse(Object.fromEntries(names.map((n, i) => [n, head.params[i]]))) : undefined,
        query: route.query ? route.query.parse(Object.fromEntries(head.query)) : undefined,
        body: route.body ? route.body.parse(json) : undefined,
        auth: granted.principal,
        head,
      });
      const reply = serialise(route, data, { ...cors, ...granted.headers });
      granted.answered?.();
      return reply;
    } catch (err) {
      return serialiseError(errorReply(err, where), { ...cors, ...granted.headers }, route.official);
    }
  }

  const maxBodyBytes = Math.max(...routes.map((r) => r.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));
  return { method: first.method, path: first.path, routes, maxBodyBytes, browser, run };
}

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
    const messages = refusals.map((err) => (err as DomainError).message);
    throw refusal('unauthorized', 'missing_credentials', `No credentials: ${messages.join('; or ')}`);
  };
}

/** Authenticators refuse a request that carries none of their credential with an unauthorized `missing_*` code. */
function isMissingCredential(err: unknown): boolean {
  return err instanceof DomainError && err.kind === 'unauthorized' && err.code.startsWith('missing_');
}

/** The route for this request's action (the only route when the endpoint has no actions). */
function pick(byAction: Map<string, RouteDef>, first: RouteDef, head: RequestHead, json: unknown): RouteDef {
  if (!first.action) return first;
  const value = first.action.in === 'query' ? head.query.get('action') : actionOf(json);
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

function serialise(route: RouteDef, data: unknown, headers: Record<string, string>): Reply {
  if (data instanceof RawReply) return { status: data.status, headers: { ...headers, ...data.headers }, body: data.body };
  const envelope = route.envelope ?? 'data';
  const payload =
    envelope === 'bare' ? data
    : envelope === 'fields' ? { success: true, ...(data as object) }
    : envelope === 'official' ? { success: true, data, ...(data as object) }
    : { success: true, data };
  return { status: 200, headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(payload) };
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
