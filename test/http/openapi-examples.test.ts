// The document's examples: realistic values by field name, and every example a request its own route accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidItem } from '../../src/geocoding/batch.ts';
import { exampleOf } from '../../src/http/openapi-examples.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

type Json = Record<string, any>;
let server: TestServer;
let docs: Json[];
beforeAll(async () => {
  server = await startTestServer();
  docs = await Promise.all(
    ['location', 'checkout'].map(async (n) => (await fetch(`${server.baseUrl}/openapi/${n}.json`)).json() as Json),
  );
});
afterAll(() => server?.dispose());

/** Every example value in the documents. */
function examplesIn(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) value.forEach((v) => examplesIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'example') out.push(v);
      else if (key === 'examples' && v && typeof v === 'object' && !Array.isArray(v))
        out.push(...Object.values(v).map((e) => (e as { value: unknown }).value));
      else examplesIn(v, out);
    }
  }
  return out;
}

describe('exampleOf', () => {
  it('fills fields with values an Indian shop would send, never random text or extreme numbers', () => {
    const schema = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        pincode: { type: 'string', pattern: '^[0-9]{6}$' },
        merchant_id: { type: 'string', format: 'uuid' },
        cart_value_paise: { type: 'integer', minimum: -9007199254740991 },
        from: { type: 'string', format: 'date-time' },
        conversion: { type: 'number', minimum: 0, maximum: 1 },
        events: { type: 'object', additionalProperties: { type: 'integer' } },
        tags: { type: 'array', items: { type: 'string', enum: ['home', 'office'] } },
      },
    };
    expect(exampleOf(schema)).toEqual({
      email: 'asha@example.in',
      pincode: '560001',
      merchant_id: '7f3c2a9e-5b1d-4e8f-9a6c-2d4b8e1f0a37',
      cart_value_paise: 149_900,
      from: '2026-11-01T00:00:00.000Z',
      conversion: 0.75,
      events: { checkout_opened: 3 },
      tags: ['home'],
    });
  });
});

describe('the examples in /openapi/*.json', () => {
  it('give each body action its own example, one its route accepts', () => {
    let checked = 0;
    for (const endpoint of server.app.endpoints) {
      for (const route of endpoint.routes.filter((r) => r.body && !r.hidden)) {
        const doc = docs.find((d) => d.paths[endpoint.path])!;
        const media = doc.paths[endpoint.path][endpoint.method].requestBody.content['application/json'];
        const value = route.action ? media.examples[route.action.name].value : (media.example ?? media.examples);
        const parsed = route.body!.safeParse(value);
        expect(parsed.success, `${endpoint.method} ${endpoint.path} ${route.action?.name ?? ''}: ${parsed.error}`).toBe(
          true,
        );
        // A batch takes any object as an item and answers a bad one with its own error: the example's items are good.
        const items = Object.values(parsed.data as Json)
          .filter(Array.isArray)
          .flat();
        expect(
          items.filter((item) => item instanceof InvalidItem),
          endpoint.path,
        ).toEqual([]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    const text = JSON.stringify(examplesIn(docs));
    expect(text.length).toBeGreaterThan(10_000);
    expect(text).not.toMatch(/additionalProp1|9007199254740991|:"string"/);
  });

  it("give the query parameters examples each action's own field schema accepts", () => {
    let checked = 0;
    for (const endpoint of server.app.endpoints) {
      const doc = docs.find((d) => d.paths[endpoint.path]);
      const op = doc?.paths[endpoint.path][endpoint.method];
      if (!op) continue;
      const examples = new Map<string, string>(
        (op.parameters as Json[])
          .filter((p) => p.in === 'query' && p.example !== undefined)
          .map((p) => [p.name, String(p.example)]),
      );
      for (const route of endpoint.routes.filter((r) => r.query && !r.hidden)) {
        const q = route.query as any;
        const shape: Record<string, { safeParse(v: unknown): { success: boolean; error?: Error } }> =
          q.shape ?? q._zod.def.in?.shape ?? {};
        for (const [name, field] of Object.entries(shape)) {
          // A parameter several actions share is documented with the first action's schema (its example too).
          const reader = (op.parameters as Json[]).find((p) => p.name === name)?.['x-actions']?.[0];
          if (reader && route.action && reader !== route.action.name) continue;
          // Left empty on purpose (an alternative to another parameter's example).
          if (!examples.has(name)) continue;
          const parsed = field.safeParse(examples.get(name));
          expect(parsed.success, `${endpoint.path} ${route.action?.name ?? ''} ${name}: ${String(parsed.error)}`).toBe(
            true,
          );
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('give an endpoint of one route query examples "Try it" can send together as they are', () => {
    let checked = 0;
    for (const endpoint of server.app.endpoints) {
      const route = endpoint.routes[0];
      if (endpoint.routes.length !== 1 || !route?.query || route.hidden) continue;
      const op = docs.find((d) => d.paths[endpoint.path])?.paths[endpoint.path][endpoint.method];
      if (!op) continue;
      const query = Object.fromEntries(
        (op.parameters as Json[])
          .filter((p) => p.in === 'query' && p.example !== undefined)
          .map((p) => [p.name, String(p.example)]),
      );
      const parsed = (route.query as any).safeParse(query);
      expect(parsed.success, `${endpoint.path}: ${String(parsed.error)}`).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });
});
