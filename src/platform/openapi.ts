// OpenAPI 3.1 document generated from the route table's zod schemas (never edited by hand).
import { z } from 'zod';
import { reasonPhrase } from '../server/http-error.ts';
import { pathParams, type RouteDef } from './route-table.ts';

type Json = Record<string, unknown>;

export interface ApiInfo {
  title: string;
  version: string;
  description: string;
}

const ErrorSchema = z.object({
  error: z.string().meta({ description: 'Reason phrase of the status', example: 'Bad Request' }),
  message: z.string().meta({ description: 'What went wrong, for people' }),
  code: z.string().meta({ description: 'Stable machine-readable code', example: 'invalid_request' }),
});

/** The whole document: one operation per route, schemas inlined, errors as a shared component. */
export function buildOpenApi(defs: RouteDef[], info: ApiInfo): Json {
  const paths: Record<string, Json> = {};
  for (const def of defs) {
    paths[def.path] ??= {};
    paths[def.path]![def.method] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Error: schemaOf(ErrorSchema, 'output') },
    },
  };
}

function operation(def: RouteDef): Json {
  const op: Json = {
    summary: def.summary,
    tags: [def.tag],
    operationId: `${def.method}${def.path.replace(/[{}]/g, '').replace(/(?:^|[/_-])(\w)/g, (_m, c: string) => c.toUpperCase())}`,
    security: def.auth === 'api_key' ? [{ ApiKey: [] }] : [],
    parameters: [...parameters(def.params, 'path', pathParams(def.path)), ...parameters(def.query, 'query', null)],
    responses: responses(def),
  };
  if (def.description) op.description = def.description;
  if (def.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } };
  return op;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query', order: string[] | null): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  const names = order ?? Object.keys(json.properties ?? {});
  return names.map((name) => {
    const { description, ...rest } = json.properties?.[name] ?? {};
    const param: Json = { name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: rest };
    if (description) param.description = description;
    return param;
  });
}

function responses(def: RouteDef): Json {
  const data = schemaOf(def.response, 'output');
  const body = def.envelope === false ? data : { type: 'object', properties: { success: { const: true }, data }, required: ['success', 'data'] };
  const out: Json = { '200': { description: 'OK', content: { 'application/json': { schema: body } } } };
  const statuses = new Set([...(def.auth === 'api_key' ? [400, 401, 429] : []), ...(def.errors ?? [])]);
  for (const status of [...statuses].sort()) {
    out[String(status)] = { description: reasonPhrase(status), content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return out;
}

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return json;
}
