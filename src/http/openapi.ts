// OpenAPI 3.1 generated from the route table: one operation per method and path, actions as oneOf, errors as really sent.
import { z } from 'zod';
import { reasonPhrase } from './errors.ts';
import { bodyExamples, exampleOf, responseExamples } from './openapi-examples.ts';
import type { Endpoint } from './pipeline.ts';
import { authKinds, pathParams, type AuthKind, type RouteAuth, type RouteDef } from './route.ts';

type Json = Record<string, unknown>;

export interface ApiInfo {
  title: string;
  version: string;
  description: string;
}

/** The error body every refusal has; schema failures add `issues`, some refusals add fields of their own. */
export const ErrorBodySchema = z.looseObject({
  success: z.literal(false),
  error: z.string().meta({
    description: 'Reason phrase of the status (the official text on official-compatible routes)',
    example: 'Bad Request',
  }),
  message: z.string().meta({ description: 'What went wrong, for people' }),
  code: z.string().meta({ description: 'Stable machine-readable code', example: 'invalid_request' }),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .meta({ description: 'Schema failures (code invalid_request)' }),
});

const SECURITY: Record<AuthKind, Json[]> = {
  public: [],
  api_key: [{ LocationApiKey: [] }],
  merchant_key: [{ MerchantApiKey: [] }],
  session: [{ SessionToken: [] }],
  developer: [{ DeveloperSession: [] }],
  merchant_user: [{ MerchantUserSession: [] }],
};

/** Every credential is checked against the store, which may be out of reach; any body may meet a full buffer. */
const UNAVAILABLE =
  'store_unavailable (the store out of reach) or server_busy (too many bodies at once): retry after Retry-After';

const AUTH_ERRORS: Record<AuthKind, Record<number, string>> = {
  public: {},
  api_key: { 401: 'Missing or invalid api key', 429: 'Rate limit or monthly quota exceeded', 503: UNAVAILABLE },
  merchant_key: { 401: 'Missing or invalid merchant api key', 503: UNAVAILABLE },
  session: {
    401: 'Missing or invalid session token',
    403: "From a browser origin the session's merchant does not allow",
    503: UNAVAILABLE,
  },
  developer: { 401: 'Not signed in to the developer dashboard', 403: 'Missing or wrong CSRF token' },
  merchant_user: { 401: 'Not signed in to the merchant dashboard', 403: 'Missing or wrong CSRF token' },
};

/** Alternatives are separate security requirement objects (any one of them suffices); public routes have none. */
function security(auth: RouteAuth): Json[] {
  return authKinds(auth).flatMap((kind) => SECURITY[kind]);
}

/** The refusals of every accepted kind; where two kinds share a status, their texts are joined. */
function authErrors(auth: RouteAuth): Record<number, string> {
  const out: Record<number, string> = {};
  for (const kind of authKinds(auth)) {
    for (const [status, text] of Object.entries(AUTH_ERRORS[kind]))
      out[Number(status)] = out[Number(status)] ? `${out[Number(status)]}; or ${text}` : text;
  }
  return out;
}

/** Names of the dashboards' session cookies (they differ with the Secure `__Host-` prefix in production). */
export interface CookieNames {
  developer: string;
  merchant_user: string;
}

/** The whole document for `endpoints` (hidden routes left out). */
export function buildOpenApi(endpoints: Endpoint[], info: ApiInfo, cookies?: CookieNames): Json {
  const paths: Record<string, Json> = {};
  const used = new Set<AuthKind>();
  for (const endpoint of endpoints) {
    const routes = endpoint.routes.filter((r) => !r.hidden);
    if (routes.length === 0) continue;
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = operation(endpoint, routes);
    for (const kind of authKinds(routes[0]!.auth)) used.add(kind);
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: {
        LocationApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description:
            'Location api key: a gp_sk_… server key, or a gp_pub_… public key from one of its allowed origins, ' +
            "only on the checkout widget's routes (elsewhere 403 public_key_not_allowed)",
        },
        MerchantApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'Merchant api key (server side only)',
        },
        SessionToken: {
          type: 'apiKey',
          in: 'header',
          name: 'x-session-token',
          description: 'Checkout session token from email OTP verify',
        },
        ...cookieSchemes(used, cookies),
      },
      schemas: { Error: schemaOf(ErrorBodySchema, 'output') },
    },
  };
}

/** The dashboards' session cookies, for the kinds a documented route accepts. */
function cookieSchemes(used: Set<AuthKind>, cookies: CookieNames | undefined): Json {
  const out: Json = {};
  for (const [kind, scheme, where] of [
    ['developer', 'DeveloperSession', 'the developer dashboard (/dashboard)'],
    ['merchant_user', 'MerchantUserSession', 'the merchant dashboard (/merchant)'],
  ] as const) {
    if (!used.has(kind)) continue;
    if (!cookies) throw new Error(`buildOpenApi: routes accept ${kind} sessions, but no cookie names were given`);
    out[scheme] = {
      type: 'apiKey',
      in: 'cookie',
      name: cookies[kind],
      description: `Session of ${where}, set by signing in with an email code; unsafe methods also need the x-csrf-token header`,
    };
  }
  return out;
}

function operation(endpoint: Endpoint, routes: RouteDef[]): Json {
  const first = routes[0]!;
  const actions = routes.filter((r) => r.action).map((r) => r.action!.name);
  const op: Json = {
    operationId: operationId(endpoint),
    summary: actions.length > 0 ? `${first.tag}: ${actions.join(', ')}` : first.summary,
    description: describe(routes),
    tags: [first.tag],
    security: security(first.auth),
    parameters: [...pathParameters(first), ...queryParameters(routes)],
    responses: responses(routes),
  };
  const body = requestBody(routes);
  if (body) op.requestBody = body;
  return op;
}

function describe(routes: RouteDef[]): string {
  if (!routes[0]!.action) return routes[0]!.description ?? routes[0]!.summary;
  return routes
    .map((r) => `- \`${r.action!.name}\`: ${r.summary}${r.description ? ` ${r.description}` : ''}`)
    .join('\n');
}

function operationId(endpoint: Endpoint): string {
  return `${endpoint.method}${endpoint.path.replace(/[{}]/g, '').replace(/(?:^|[/_-])(\w)/g, (_m, c: string) => c.toUpperCase())}`;
}

function pathParameters(route: RouteDef): Json[] {
  if (!route.params) return [];
  const json = schemaOf(route.params, 'input') as { properties?: Record<string, Json> };
  return pathParams(route.path).map((name) =>
    parameter(name, 'path', true, json.properties?.[name] ?? { type: 'string' }),
  );
}

/**
 * Query parameters of every action, plus `action` itself; a parameter is required only if every action requires it.
 * On a multi-action endpoint `x-actions` names the actions that read a parameter (the others ignore it).
 */
function queryParameters(routes: RouteDef[]): Json[] {
  const out = new Map<string, Json>();
  const queryActions = routes.filter((r) => r.action?.in === 'query').map((r) => r.action!.name);
  if (queryActions.length > 0) {
    out.set(
      'action',
      parameter('action', 'query', true, { type: 'string', enum: queryActions }, 'The operation to run'),
    );
  }
  for (const route of routes) {
    if (!route.query) continue;
    const json = schemaOf(route.query, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      if (out.has(name)) continue;
      const required = routes.every(
        (r) => r.query && ((schemaOf(r.query, 'input') as { required?: string[] }).required ?? []).includes(name),
      );
      const readers = routes.filter(
        (r) => r.action && r.query && name in ((schemaOf(r.query, 'input') as { properties?: Json }).properties ?? {}),
      );
      out.set(name, {
        ...parameter(name, 'query', required, schema),
        ...(readers.length > 0 ? { 'x-actions': readers.map((r) => r.action!.name) } : {}),
      });
    }
  }
  return [...out.values()];
}

function parameter(
  name: string,
  where: 'path' | 'query',
  required: boolean,
  schema: Json,
  fallbackDescription?: string,
): Json {
  const { description, example: given, ...rest } = schema as { description?: string; example?: unknown };
  // A schema's own example wins; null leaves the parameter empty ("Try it" then sends only what it has an example for).
  const example = given === undefined ? exampleOf(rest, name) : given;
  const param: Json = { name, in: where, required, schema: rest };
  if (example !== null && example !== undefined) param.example = example;
  if (description ?? fallbackDescription) param.description = description ?? fallbackDescription;
  return param;
}

function requestBody(routes: RouteDef[]): Json | null {
  const bodies = routes.filter((r) => r.body);
  if (bodies.length === 0) return null;
  const schemas = bodies.map((r) => ({ ...schemaOf(r.body!, 'input'), ...(r.action ? { title: r.action.name } : {}) }));
  // Body actions exclude each other by their `action` const; bodies of ?action= endpoints may overlap (`{}` fits several), so anyOf.
  const byBody = bodies[0]!.action?.in === 'body';
  const schema: Json =
    schemas.length === 1
      ? schemas[0]!
      : byBody
        ? { oneOf: schemas, discriminator: { propertyName: 'action' } }
        : { anyOf: schemas };
  return { required: true, content: { 'application/json': { schema, ...bodyExamples(bodies, schemas) } } };
}

function responses(routes: RouteDef[]): Json {
  const bodies = routes.map((r) => ({ ...wrapped(r), ...(r.action ? { title: r.action.name } : {}) }));
  const out: Json = {
    // anyOf: the action decides the shape, and two actions' results may both fit one reply.
    '200': {
      description: 'OK',
      content: {
        'application/json': {
          schema: bodies.length === 1 ? bodies[0] : { anyOf: bodies },
          ...responseExamples(routes, bodies),
        },
      },
    },
  };
  const errors: Record<number, string> = authErrors(routes[0]!.auth);
  if (authKinds(routes[0]!.auth).includes('api_key') && routes[0]!.publicKeys !== true)
    errors[403] = 'A public key (gp_pub_…): this route takes server keys only';
  for (const route of routes) {
    if (route.query || route.body || route.params || route.action) errors[400] ??= 'Missing or malformed parameters';
    if (route.body) errors[413] ??= 'Request body too large';
    Object.assign(errors, route.errors ?? {});
  }
  for (const status of Object.keys(errors).map(Number).sort()) {
    out[String(status)] = {
      description: errors[status] ?? reasonPhrase(status),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return out;
}

function wrapped(route: RouteDef): Json {
  const data = schemaOf(route.response, 'output');
  const envelope = route.envelope ?? 'data';
  if (envelope === 'fields' || envelope === 'official') {
    const fields = data as { properties?: Json; required?: string[] };
    const nested = envelope === 'official' ? { data } : {};
    const required = ['success', ...(envelope === 'official' ? ['data'] : []), ...(fields.required ?? [])];
    return { ...fields, properties: { success: { const: true }, ...nested, ...fields.properties }, required };
  }
  return { type: 'object', properties: { success: { const: true }, data }, required: ['success', 'data'] };
}

/** Schemas whose document differs from what zod derives (a batch item checked one by one is any object on the wire). */
const documented = new WeakMap<z.ZodType, Json>();

/** Documents `schema` as `json` in the OpenAPI document; returns the schema for chaining. */
export function documentAs<T extends z.ZodType>(schema: T, json: Json): T {
  documented.set(schema, json);
  return schema;
}

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const replacement = documented.get(ctx.zodSchema as unknown as z.ZodType);
      if (!replacement) return;
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as Json)[key];
      Object.assign(ctx.jsonSchema, replacement);
    },
  }) as Json;
  return json;
}
