// /openapi.json is generated from the route table: every route of both services appears, with the constraints its schemas declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';

let api: ApiClient;
let doc: any;
beforeAll(async () => {
  api = await startApi();
  const res = await api.call('GET', '/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => api.server.dispose());

const operations = () =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('GET /openapi.json', () => {
  it('is public OpenAPI 3.1 with the three credentials as security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.securitySchemes.LocationApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.components.securitySchemes.MerchantApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.components.securitySchemes.SessionToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-session-token',
    });
  });

  it('documents every route of both services, and no page', () => {
    const expected = api.server.app.endpoints
      .filter((e) => e.routes.some((r) => !r.hidden))
      .map((e) => `${e.method.toUpperCase()} ${e.path}`)
      .sort();
    expect(operations()).toEqual(expected);
    for (const op of [
      'POST /v1/location/batch-lookup',
      'GET /v1/pincode/validate/{pincode}',
      'GET /checkout-admin',
      'PATCH /checkout-admin',
      'POST /checkout-admin',
      'POST /checkout-email-otp',
      'POST /checkout-funnel-events',
      'POST /checkout-addresses',
      'GET /checkout-offers',
      'POST /checkout-offers',
      'POST /checkout-payment',
    ]) {
      expect(operations()).toContain(op);
    }
  });

  it('lists the keyed /v1 operations in the service information document', async () => {
    const { data } = (await api.call('GET', '/v1')).body;
    const described = Object.values(data.endpoints as Record<string, string>)
      .map((text) => text.slice(0, text.indexOf(':')))
      .sort();
    const keyed = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops as Record<string, { security: unknown[] }>)
          .filter(([, op]) => op.security.length > 0 && path.startsWith('/v1/'))
          .map(([m]) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(described).toEqual(keyed);
  });

  it('carries the schema limits: q of 3+ characters, limit 1..10, DIGIPIN grid bounds, batches of 1..100, required address, the error statuses sent', () => {
    const limit = doc.paths['/v1/geopin/autocomplete'].get.parameters.find((p: { name: string }) => p.name === 'limit');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 10 });
    const encode = doc.paths['/v1/geopin/encode'].get.parameters.find((p: { name: string }) => p.name === 'latitude');
    expect(encode.schema).toMatchObject({ type: 'number', minimum: 2.5, maximum: 38.5 });
    const q = doc.paths['/v1/geopin/autocomplete'].get.parameters.find((p: { name: string }) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', required: true, schema: { type: 'string', minLength: 3 } });
    const batch = doc.paths['/v1/geopin/batch'].post.requestBody.content['application/json'].schema;
    expect(batch.properties.addresses).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    // Batch items are checked one by one (an invalid item is answered in results), so the document takes any object.
    expect(batch.properties.addresses.items).toMatchObject({
      type: 'object',
      description: expect.stringContaining('address required'),
    });
    const geocode = doc.paths['/v1/geopin/geocode'].post;
    expect(geocode.requestBody.content['application/json'].schema.required).toEqual(['address']);
    expect(Object.keys(geocode.responses)).toEqual(['200', '400', '401', '404', '413', '429', '503']);
    const param = doc.paths['/v1/geopin/validate/{geopin}'].get.parameters[0];
    expect(param).toMatchObject({ name: 'geopin', in: 'path', required: true });
  });

  it('states the percent offer limit the server enforces (a percent discount of at most 99)', () => {
    const bodies = doc.paths['/checkout-offers'].post.requestBody.content['application/json'].schema.oneOf;
    const create = bodies.find((b: { title: string }) => b.title === 'create');
    expect(create.if).toEqual({ properties: { discount_type: { const: 'percent' } } });
    expect(create.then).toEqual({ properties: { discount_value: { maximum: 99 } } });
  });

  it('describes the error body with the fields really sent, issues included', () => {
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(['success', 'error', 'message', 'code']);
    expect(error.properties.issues.type).toBe('array');
    expect(error.additionalProperties).not.toBe(false);
  });

  it('marks each route with its credential, and public ones with none', () => {
    expect(doc.paths['/v1/location/lookup'].post.security).toEqual([{ LocationApiKey: [] }]);
    expect(doc.paths['/checkout-admin'].get.security).toEqual([{ MerchantApiKey: [] }, { MerchantUserSession: [] }]);
    expect(doc.paths['/checkout-addresses'].post.security).toEqual([{ SessionToken: [] }]);
    expect(doc.paths['/checkout-email-otp'].post.security).toEqual([]);
    expect(doc.paths['/'].get.security).toEqual([]);
    // A session's routes refuse a browser origin its merchant does not allow (403 origin_not_allowed).
    for (const [path, method] of [
      ['/checkout-offers', 'get'],
      ['/checkout-addresses', 'post'],
      ['/checkout-payment', 'post'],
    ] as const)
      expect(doc.paths[path][method].responses['403'], path).toBeDefined();
  });

  it('documents multi-action endpoints: ?action= as a required enum, body actions as a oneOf with a discriminator', () => {
    const action = doc.paths['/checkout-admin'].get.parameters.find((p: { name: string }) => p.name === 'action');
    expect(action).toMatchObject({ in: 'query', required: true });
    expect(action.schema.enum).toEqual(
      expect.arrayContaining([
        'funnel',
        'sessions',
        'webhook_deliveries',
        'cod_config',
        'webhooks',
        'get_payment_config',
        'import_status',
      ]),
    );
    const body = doc.paths['/checkout-addresses'].post.requestBody.content['application/json'].schema;
    expect(body.discriminator).toEqual({ propertyName: 'action' });
    expect(body.oneOf.map((b: { title: string }) => b.title)).toEqual(
      expect.arrayContaining(['serviceability_check', 'list', 'create', 'address_completed', 'abandon']),
    );
  });

  it('documents ?action= bodies as anyOf (several may fit one body) and names the actions that read each query parameter', () => {
    const patch = doc.paths['/checkout-admin'].patch.requestBody.content['application/json'].schema;
    expect(patch.oneOf).toBeUndefined();
    expect(patch.anyOf.map((b: { title: string }) => b.title)).toEqual(
      expect.arrayContaining(['webhooks', 'cod_config', 'set_payment_config']),
    );
    const params = Object.fromEntries(
      doc.paths['/checkout-admin'].get.parameters.map((p: { name: string }) => [p.name, p]),
    );
    expect(params.batch_id['x-actions']).toEqual(['import_status', 'import_errors']);
    expect(params.limit['x-actions']).toEqual(expect.arrayContaining(['sessions', 'webhook_deliveries']));
    expect(params.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 200 });
    // Each alternative names its type, so generators (openapi-typescript) type the parameter as a string.
    expect(params.from.schema.anyOf).toEqual([
      { type: 'string', format: 'date' },
      { type: 'string', format: 'date-time' },
    ]);
  });
});
