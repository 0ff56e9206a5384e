// GET /openapi.json: the generated document of both services (built on first request, once the route table is complete).
import { z } from 'zod';
import { defineRoute, type RouteDef } from '../http/route.ts';

export function openApiRoute(build: () => Record<string, unknown>): RouteDef {
  let doc: Record<string, unknown> | null = null;
  return defineRoute({
    method: 'get', path: '/openapi.json', tag: 'service', auth: 'public', envelope: 'bare', response: z.record(z.string(), z.unknown()),
    summary: 'This API as OpenAPI 3.1, generated from the route table (no key needed)',
    handle: () => (doc ??= build()),
  });
}
