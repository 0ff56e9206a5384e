// The one route model of both services: method, path, action, auth kind, schemas, envelope and a handler returning plain data.
import type { z } from 'zod';
import type { RequestHead } from './request.ts';

/**
 * Who may call a route: a location api key, a merchant api key, a checkout session token, a signed-in developer or
 * merchant user of the dashboards (session cookie, CSRF token on unsafe methods), or anyone.
 */
export type AuthKind = 'public' | 'api_key' | 'merchant_key' | 'session' | 'developer' | 'merchant_user';

/** One kind, or alternatives in order: the first whose credential the request carries decides (`['merchant_key', 'merchant_user']`). */
export type RouteAuth = AuthKind | readonly AuthKind[];

/**
 * How a result is wrapped: `data` -> {success: true, data}; `fields` -> {success: true, ...result} (the checkout
 * document's top-level shapes); `official` -> {success: true, data, ...result} (India Post's DIGIPIN shapes at the top
 * level for drop-in clients, inside the envelope for everyone else). Pages and documents return a RawReply instead.
 */
export type Envelope = 'data' | 'fields' | 'official';

/**
 * What an authenticator grants: the principal, headers every reply must carry, and a hook once a 2xx is decided, whose
 * promise, when it returns one, the reply waits for; its rejection is the reply instead (a quota's last request gone).
 */
export interface Authenticated<P = unknown> {
  principal: P;
  headers?: Record<string, string>;
  answered?(head: RequestHead): void | Promise<void>;
}

/**
 * Reads credentials from the request head only (never the body) and throws a DomainError to refuse; a request carrying
 * none of its credential gets kind `unauthorized` with a `missing_…` code, which lets auth alternatives try the next kind.
 */
export type Authenticator<P = unknown> = ((
  head: RequestHead,
  route: RouteDef,
) => Authenticated<P> | Promise<Authenticated<P>>) & {
  /**
   * The request headers this authenticator always reads: then, with no other kind on the endpoint, the transport captures
   * just them (plus its own), not every header the client sent; any other it needs for some requests it reads with
   * `head.readMore` while admitting. The handlers of such endpoints read no headers.
   */
  readonly reads?: readonly string[];
};

/** What a handler receives: parsed inputs, the principal and the request head. */
export interface RouteInput<Q, B, P, A> {
  query: Q;
  body: B;
  params: P;
  auth: A;
  head: RequestHead;
}

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType, A> {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** OpenAPI-style path: `/v1/geopin/validate/{geopin}`. */
  path: string;
  /** One action of a multi-action endpoint, selected by `?action=` or by the body's `action` field. */
  action?: { name: string; in: 'query' | 'body' };
  auth: RouteAuth;
  tag: string;
  summary: string;
  description?: string;
  query?: Q;
  body?: B;
  /** An object schema whose keys name the `{param}` segments. */
  params?: P;
  /** Schema of the result (of `data` for the `data` envelope). */
  response: z.ZodType;
  /** Hand-written examples for the document, where the ones made from the schemas would not be realistic. */
  examples?: { body?: unknown; response?: unknown };
  /** @default 'data' */
  envelope?: Envelope;
  /** @default 16 KiB */
  maxBodyBytes?: number;
  /** Widget-facing: every reply, refusals included, reflects the caller's Origin so the page can read it. */
  browser?: boolean;
  /** The handler reads the client's address (`head.remoteIp`, through clientIp): only then is it captured. */
  readsPeer?: boolean;
  /** Error statuses this route can answer with beyond those of its auth kind, with what they mean. */
  errors?: Record<number, string>;
  /** Official-compatible route: a refusal carries its text in `error`, as India Post's service answers. */
  official?: boolean;
  /** Not listed in the OpenAPI document (HTML pages). */
  hidden?: boolean;
  /** api_key routes: false = neither checked against nor counted in the monthly quota (the usage report). @default true */
  metered?: boolean;
  /** api_key routes a public key (gp_pub_…, in a browser) may call too: the checkout widget's. @default false */
  publicKeys?: boolean;
  /** api_key routes that count one request per item of a batch (auth.charge): a refusal's Retry-After waits for one. */
  batch?: boolean;
  /**
   * The handler waits for the network (mail, the gateway, a courier endpoint) or yields to other requests: the transport
   * starts it on the next turn of the event loop, so that a pipelined request which makes uWS close the connection
   * (uWS answers pipelined requests only while each is answered at once) finds nothing begun. Every handler is started
   * so on PostgreSQL, where every store call waits for the network.
   */
  waits?: boolean;
  handle(input: RouteInput<z.output<Q>, z.output<B>, z.output<P>, A>): unknown;
}

/** A route with its types erased, as tables hold it. */
export type RouteDef = RouteSpec<z.ZodType, z.ZodType, z.ZodType, unknown>;

/** Identity with inference: each handler sees its own parsed input types (public routes: no principal). */
export function defineRoute<
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
  P extends z.ZodType = z.ZodUndefined,
>(spec: RouteSpec<Q, B, P, null>): RouteDef {
  return spec;
}

/** defineRoute for routes whose authenticator yields principal `A`: `const route = routesWith<Merchant>(); route({...})`. */
export function routesWith<A>() {
  return <
    Q extends z.ZodType = z.ZodUndefined,
    B extends z.ZodType = z.ZodUndefined,
    P extends z.ZodType = z.ZodUndefined,
  >(
    spec: RouteSpec<Q, B, P, A>,
  ): RouteDef => spec;
}

/** A reply that is not JSON (an HTML page, a script): sent as is, outside any envelope. */
export class RawReply {
  constructor(
    readonly body: string | Buffer,
    readonly headers: Record<string, string>,
    readonly status = 200,
  ) {}
}

/** Body limit of a route unless it says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

/** The auth kinds a route accepts, in the order they are tried. */
export function authKinds(auth: RouteAuth): readonly AuthKind[] {
  return typeof auth === 'string' ? [auth] : auth;
}

/** Parameter names of an OpenAPI path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
