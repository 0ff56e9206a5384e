// Route table: each route declares its zod schemas once; the validating handler and the OpenAPI document both come from it.
import type { TemplatedApp } from 'uWebSockets.js';
import type { z } from 'zod';
import { GeoError } from '../native/addon.ts';
import { HttpError } from '../server/http-error.ts';
import { errorReply, route, type Handler, type RequestContext } from '../server/http.ts';
import type { ApiKeyRecord } from './api-keys.ts';
import type { Gate } from './gate.ts';

/** Body limit for single-item JSON endpoints; batch routes raise it. */
export const SMALL_BODY_BYTES = 16 * 1024;

/** What a route handler receives: parsed inputs, the admitted key (null on public routes) and the raw request. */
export interface RouteInput<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  key: ApiKeyRecord | null;
  req: RequestContext;
}

export interface RouteSpec<Q extends z.ZodType, B extends z.ZodType, P extends z.ZodType> {
  method: 'get' | 'post';
  /** OpenAPI-style path: `/v1/geopin/validate/{geopin}`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  /** 'api_key' routes need x-api-key and count against the quota; 'public' routes need nothing. */
  auth: 'api_key' | 'public';
  query?: Q;
  body?: B;
  /** An object schema whose keys name the `{param}` segments. */
  params?: P;
  /** Schema of `data` (or of the whole body when `envelope` is false); documentation only. */
  response: z.ZodType;
  /** Wrap the result as {success: true, data}; false for drop-in shapes of other services. */
  envelope?: boolean;
  maxBodyBytes?: number;
  /** Error statuses this route can answer with, beyond those every keyed route has. */
  errors?: number[];
  handle(input: RouteInput<z.output<Q>, z.output<B>, z.output<P>>): unknown;
}

/** A route with its types erased, as the table holds it. */
export type RouteDef = RouteSpec<z.ZodType, z.ZodType, z.ZodType>;

/** Identity with inference: lets each route's handler see its own parsed input types. */
export function defineRoute<Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined, P extends z.ZodType = z.ZodUndefined>(
  spec: RouteSpec<Q, B, P>,
): RouteDef {
  return spec as unknown as RouteDef;
}

/** Parameter names of an OpenAPI path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

/** `/v1/x/{id}` -> `/v1/x/:id` (the uWS pattern). */
export function uwsPattern(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The framework-agnostic handler of a route: admission, validation, the route's logic and the envelope. */
export function compileRoute(def: RouteDef, gate: Gate): Handler {
  const names = pathParams(def.path);
  return (req) => {
    const admission = def.auth === 'api_key' ? gate.admit(req) : null;
    try {
      const params = def.params ? def.params.parse(Object.fromEntries(names.map((n, i) => [n, req.params[i]]))) : undefined;
      const query = def.query ? def.query.parse(Object.fromEntries(req.query)) : undefined;
      const body = def.body ? def.body.parse(req.json()) : undefined;
      const data = def.handle({ query, body, params, key: admission?.key ?? null, req });
      if (admission) gate.count(admission);
      return { status: 200, body: def.envelope === false ? data : { success: true, data }, headers: admission?.headers };
    } catch (err) {
      const reply = errorReply(toHttpError(err), req);
      if ((reply.status ?? 500) >= 500) return reply;
      const body = reply.body as { error: string; message: string };
      // Official-compatible routes answer like the India Post service, whose clients read the text from `error`.
      if (def.envelope === false) body.error = body.message;
      // CORS headers stay on refusals too, so a browser widget can read why it failed.
      return { ...reply, headers: { ...admission?.headers, ...reply.headers } };
    }
  };
}

/** Native DIGIPIN errors are the caller's fault (bad code, point outside the grid): 400 with the official text. */
function toHttpError(err: unknown): unknown {
  if (err instanceof GeoError) return new HttpError(400, err.code.replace(/^E_/, '').toLowerCase(), err.message);
  return err;
}

/** Registers every route of the table on the uWS app. */
export function registerRouteTable(app: TemplatedApp, defs: RouteDef[], gate: Gate): void {
  for (const def of defs) {
    route(app, def.method, uwsPattern(def.path), compileRoute(def, gate), { maxBodyBytes: def.maxBodyBytes ?? SMALL_BODY_BYTES });
  }
}
