// /openapi.json is generated from the route table: every route appears, with the constraints its zod schemas declare.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';

let api: ApiClient;
let doc: any;
beforeAll(async () => {
  api = await startApi();
  const res = await fetch(`${api.server.baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(async () => api.server.dispose());

describe('GET /openapi.json', () => {
  it('is public OpenAPI 3.1 with the api-key scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.components.securitySchemes.ApiKey).toEqual({ type: 'apiKey', in: 'header', name: 'x-api-key' });
  });

  it('lists the same operations as the service information document', async () => {
    const { data } = await (await fetch(`${api.server.baseUrl}/v1`)).json();
    const fromInfo = data.endpoints.map((e: { method: string; path: string }) => `${e.method} ${e.path}`).sort();
    const fromDoc = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    expect(fromDoc).toEqual(fromInfo);
    expect(fromDoc).toContain('POST /v1/location/batch-lookup');
    expect(fromDoc).toContain('GET /v1/pincode/validate/{pincode}');
  });

  it('carries the zod limits: q of 3+ characters, batches of 1..100, required address', () => {
    const q = doc.paths['/v1/geopin/autocomplete'].get.parameters.find((p: { name: string }) => p.name === 'q');
    expect(q).toMatchObject({ in: 'query', required: true, schema: { type: 'string', minLength: 3 } });
    const batch = doc.paths['/v1/geopin/batch'].post.requestBody.content['application/json'].schema;
    expect(batch.properties.addresses).toMatchObject({ type: 'array', minItems: 1, maxItems: 100 });
    expect(batch.properties.addresses.items.required).toEqual(['address']);
    const geocode = doc.paths['/v1/geopin/geocode'].post;
    expect(geocode.requestBody.content['application/json'].schema.required).toEqual(['address']);
    expect(Object.keys(geocode.responses)).toEqual(['200', '400', '401', '404', '429']);
    const param = doc.paths['/v1/geopin/validate/{geopin}'].get.parameters[0];
    expect(param).toMatchObject({ name: 'geopin', in: 'path', required: true });
  });

  it('marks keyed routes with the api-key requirement and public ones without', () => {
    expect(doc.paths['/v1/location/lookup'].post.security).toEqual([{ ApiKey: [] }]);
    expect(doc.paths['/'].get.security).toEqual([]);
  });
});
