// The one route model of both services: method, path, action, auth kind, schemas, envelope and a handler returning plain data.
import type { z } from 'zod';
import type { RequestHead } from './request.ts';

/**
 * Who may call a route: a location api key, a merchant api key, a checkout session token, a signed-in developer or
 * merchant user of the dashboards (session cookie, CSRF token on unsafe methods), or anyone.
 */
export type AuthKind = 'public' | 'api_key' | 'merchant_key' | 'session' | 'developer' | 'merchant_user';

/** One kind, or alternatives tried in order (the first that accepts the request wins): `['merchant_key', 'merchant_user']`. */
export type RouteAuth = AuthKind | readonly AuthKind[];

/**
 * How a result is wrapped: `data` -> {success: true, data}; `fields` -> {success: true, ...result} (the checkout
 * document's top-level shapes); `official` -> {success: true, data, ...result} (India Post's DIGIPIN shapes at the top
 * level for drop-in clients, inside the envelope for everyone else); `bare` -> the result itself (the OpenAPI document).
 */
export type Envelope = 'data' | 'fields' | 'official' | 'bare';

/** What an authenticator grants: the principal, headers every reply must carry, and a hook once a 2xx was sent. */
export interface Authenticated<P = unknown> {
  principal: P;
  headers?: Record<string, string>;
  answered?(head: RequestHead): void;
}

/**
 * Reads credentials from the request head only (never the body) and throws a DomainError to refuse; a request carrying
 * none of its credential gets kind `unauthorized` with a `missing_…` code, which lets auth alternatives try the next kind.
 */
export type Authenticator<P = unknown> = ((head: RequestHead, route: RouteDef) => Authenticated<P> | Promise<Authenticated<P>>) & {
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
  /**
   * A hot route's precompiled body check: the parsed body when `json` is plainly valid, undefined to let `body` judge
   * (so every refusal still comes from the schema). Must never accept what the schema refuses or answer differently.
   */
  accept?: (json: unknown) => z.output<B> | undefined;
  /**
   * The same check on the body's raw bytes, before any decoding or JSON.parse (the hottest route's plainest form): the
   * parsed body, or undefined to take the usual way (JSON.parse, `accept`, the schema). Only for single-route endpoints.
   * It pays for small bodies only: uWS detaches every chunk's buffer, after which V8 checks each typed-array read, so a
   * 5 KiB batch parses faster with JSON.parse (measured).
   */
  acceptBytes?: (bytes: Uint8Array) => z.output<B> | undefined;
  /** An object schema whose keys name the `{param}` segments. */
  params?: P;
  /** Schema of the result (of `data` for the `data` envelope). */
  response: z.ZodType;
  /** @default 'data' */
  envelope?: Envelope;
  /** @default 16 KiB */
  maxBodyBytes?: number;
  /** Widget-facing: every reply, refusals included, reflects the caller's Origin so the page can read it. */
  browser?: boolean;
  /** Error statuses this route can answer with beyond those of its auth kind, with what they mean. */
  errors?: Record<number, string>;
  /** Official-compatible route: a refusal carries its text in `error`, as India Post's service answers. */
  official?: boolean;
  /** Not listed in the OpenAPI document (HTML pages). */
  hidden?: boolean;
  /** api_key routes: false = neither checked against nor counted in the monthly quota (the usage report). @default true */
  metered?: boolean;
  handle(input: RouteInput<z.output<Q>, z.output<B>, z.output<P>, A>): unknown;
}

/** A route with its types erased, as tables hold it. */
export type RouteDef = RouteSpec<z.ZodType, z.ZodType, z.ZodType, unknown>;

/** Identity with inference: each handler sees its own parsed input types (public routes: no principal). */
export function defineRoute<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined>(
  spec: RouteSpec<Q, B, P, null>,
): RouteDef {
  return spec as unknown as RouteDef;
}

/** defineRoute for routes whose authenticator yields principal `A`: `const route = routesWith<Merchant>(); route({...})`. */
export function routesWith<A>() {
  return <Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined>(
    spec: RouteSpec<Q, B, P, A>,
  ): RouteDef => spec as unknown as RouteDef;
}

/** A reply that is not JSON (an HTML page, a script): sent as is, outside any envelope. */
export class RawReply {
  constructor(
    readonly body: string | Buffer,
    readonly headers: Record<string, string>,
    readonly status = 200,
  ) {}
}

/** Data already serialised as JSON (hot routes splice cached fragments); the pipeline wraps it without re-stringifying. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * The body schema of a route compiled by a thread that loads no schemas (an HTTP worker thread): a body the route's fast
 * check (`accept`) does not take is finished by the thread that has the schema (compileEndpoints' `elsewhere`).
 */
export const CHECKED_ELSEWHERE = Object.freeze({ checkedElsewhere: true }) as unknown as z.ZodType<never>;

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
