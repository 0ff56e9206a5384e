// Checks a reply against the route that produced it: the envelope and the route's response schema, or the error body schema.
import { ErrorBodySchema } from '../../src/http/openapi.ts';
import type { Endpoint } from '../../src/http/pipeline.ts';
import type { RouteDef } from '../../src/http/route.ts';

export interface ObservedReply {
  method: string;
  path: string;
  query: URLSearchParams;
  requestBody: unknown;
  status: number;
  contentType: string | null;
  body: unknown;
}

/** Throws with the route and the first mismatch when the reply is not what the route declares (the OpenAPI document). */
export function assertReplyMatchesRoute(endpoints: Endpoint[], r: ObservedReply): void {
  const endpoint = endpoints.find((e) => e.method === r.method.toLowerCase() && matches(e.path, r.path));
  if (!endpoint) {
    if (r.status === 404 || r.status === 405 || r.method.toLowerCase() === 'options') return;
    throw new Error(`no route for ${r.method} ${r.path}, yet it answered ${r.status}`);
  }
  if (r.status >= 400) {
    const parsed = ErrorBodySchema.safeParse(r.body);
    if (!parsed.success)
      throw new Error(
        `${r.method} ${r.path} ${r.status}: error body ${JSON.stringify(r.body)} does not match the error schema`,
      );
    return;
  }
  const route = routeOf(endpoint, r);
  if (!route || route.hidden || !r.contentType?.includes('application/json')) return;
  const envelope = route.envelope ?? 'data';
  const body = r.body as Record<string, unknown>;
  const data = envelope === 'fields' ? stripSuccess(body) : body.data;
  if (envelope === 'official') {
    for (const [k, v] of Object.entries(data as object))
      if (body[k] !== v) throw new Error(`${r.method} ${r.path}: ${k} differs at the top level and in data`);
  }
  if (body.success !== true) throw new Error(`${r.method} ${r.path}: success is not true`);
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `${r.method} ${r.path}${route.action ? ` (${route.action.name})` : ''}: reply does not match its schema: ${parsed.error.message}\n${JSON.stringify(data).slice(0, 500)}`,
    );
  }
}

function routeOf(endpoint: Endpoint, r: ObservedReply): RouteDef | undefined {
  const first = endpoint.routes[0]!;
  if (!first.action) return first;
  const action =
    first.action.in === 'query' ? r.query.get('action') : (r.requestBody as { action?: unknown } | null)?.action;
  return endpoint.routes.find((route) => route.action!.name === action);
}

function matches(pattern: string, path: string): boolean {
  return new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`).test(path);
}

function stripSuccess(body: Record<string, unknown>): Record<string, unknown> {
  const { success: _s, ...rest } = body;
  return rest;
}
