// Realistic examples for the OpenAPI document, made from each schema and its field names (an Indian shop's values).
import type { RouteDef } from './route.ts';

type Json = Record<string, unknown>;

const IDS: Record<string, string> = {
  merchant_id: '7f3c2a9e-5b1d-4e8f-9a6c-2d4b8e1f0a37',
  session_id: '5ebb9b22-4c7e-4a1d-8f3b-9e2c6d0a7b14',
  buyer_id: '0bf10e01-9d4a-4c2b-8e7f-3a5d1c9b6e28',
  address_id: '9e1d10d0-2f6b-4a8c-b3d7-5c1e8f4a2b90',
  batch_id: '3c8a5f2e-7d1b-4e9a-a6c4-8b2f0d5e1a73',
  delivery_id: 'feda42fb-1c3e-4b7a-9d5f-6e8a2c4b0d19',
  offer_id: 'b2d4f6a8-3e5c-4d7b-8a9f-1c2e3d4f5a6b',
};

/** The key a map field's example shows (a map of event names to counts shows an event name). */
const RECORD_KEYS: Record<string, string> = {
  events: 'checkout_opened',
  steps: 'address',
  sessions: 'verified',
  utm: 'utm_source',
  utm_rules: 'utm_campaign',
  changes: 'enable_cod',
  payload: 'event',
};

/** Values by field name; the first match wins, so exact names come before endings. */
const BY_NAME: Array<[RegExp, unknown]> = [
  [/^email$/, 'asha@example.in'],
  [/^(phone|phone_e164)$/, '+919812345601'],
  [/pincode$/, '560001'],
  [/pincodes$/, ['110001', '560001']],
  [/^(geopin|digipin|pin)$/, '4P3-JK8-52C9'],
  [/^(lat|latitude)$/, 12.9716],
  [/^(lon|lng|longitude)$/, 77.5946],
  [/^latitude$/, '12.971600'],
  [/^longitude$/, '77.594600'],
  [/^q$/, 'Indiranagar'],
  [/^address$/, '12 Lake View, 100 Feet Road, Indiranagar, Bengaluru 560038'],
  [/^name$/, 'Asha Rao'],
  [/^flat_number$/, '12'],
  [/^building_name$/, 'Lake View Apartments'],
  [/^street_name$/, '100 Feet Road'],
  [/^locality$/, 'Indiranagar'],
  [/^landmark$/, 'Near the metro station'],
  [/^city$/, 'Bengaluru'],
  [/^district$/, 'Bengaluru Urban'],
  [/^state$/, 'Karnataka'],
  [/^label$/, 'home'],
  [/^batch_label$/, 'shopify-export-2026-11'],
  [/^title$/, 'Diwali 10% off'],
  [/^description$/, 'On orders above ₹1,499'],
  [/^code$/, '482913'],
  [/^utm_source$/, 'instagram'],
  [/^utm_medium$/, 'social'],
  [/^utm_campaign$/, 'diwali'],
  [/^utm_term$/, 'kurta'],
  [/^utm_content$/, 'story-1'],
  [/^event_type$/, 'checkout_opened'],
  [/^step$/, 'address'],
  [/^stage$/, 'checkout_opened'],
  [/^message$/, 'Done'],
  [/^actor$/, 'owner@shop.example'],
  [/^action$/, 'cod_config'],
  [/^(prefix|key_prefix)$/, 'ck_9Xq2mLw4'],
  [/^(api_key|key)$/, 'gp_sk_3yN8qR2vT6wX0zB4dF7hJ9kL1mP5sV8x'],
  [/^response_body$/, 'ok'],
  [/^error$/, 'HTTP 503'],
  [/^(method)$/, 'POST'],
  [/^path$/, '/v1/location/lookup'],
  [/^currency$/, 'INR'],
  [/^device_type$/, 'mobile'],
  [/^platform$/, 'web'],
  [/^detail$/, 'attempt 1: 200 (delivered)'],
  [/^target$/, IDS.offer_id],
  [/^source$/, 'api'],
  [/^error_code$/, 'unknown_pincode'],
  [/^error_message$/, 'pincode 999999 is not in the India Post directory'],
  [/^session_token$/, 'st_Qm9xR2tLd3BzTjhWeUE1cUhqMHZXYkNkRWZHaElqS2w'],
  [/^country$/, 'IN'],
  [/^reason$/, 'not_configured'],
  [/^documentation$/, 'https://geo.example.in/docs'],
  [/^version$/, '1.0.0'],
  [/^base_path$/, '/v1'],
  [/^plan$/, 'free'],
  [/^rate_limit$/, '50 requests per second per key (burst 100)'],
  [/^house$/, '12'],
  [/^building$/, 'Lake View Apartments'],
  [/^street$/, '100 Feet Road'],
  [/^village$/, 'Indiranagar'],
  [/^post_office$/, 'Indiranagar S.O'],
  [/^subdistrict$/, 'Bangalore North'],
  [/^query$/, '12 Lake View Apartments, 100 Feet Road, Indiranagar, Bengaluru 560038'],
  [/^normalized$/, '12 lake view apartments 100 feet road indiranagar bengaluru 560038'],
  [/^type$/, 'PO'],
  [/^dataset$/, 'india-post-2025'],
  [/^(office_name|office)$/, 'Indiranagar S.O'],
  [/^(division)$/, 'Bengaluru East'],
  [/^event$/, 'session.completed'],
  [/^(webhook_url|url)$/, 'https://shop.example/hooks/checkout'],
  [/^courier_coverage_url$/, 'https://shop.example/courier/serviceability'],
  [/^webhook_secret$/, 'whsec_0123456789abcdef'],
  [/^gateway_key_id$/, 'rzp_test_1DP5mmOlF5G5ag'],
  [/^gateway_secret_key$/, 'gw_secret_0123456789'],
  [/^gateway_order_id$/, 'order_NZ7q2Yx1kTq9Ls'],
  [/^gateway_payment_id$/, 'pay_NZ7qB3mFz8d2Rw'],
  [/^gateway_signature$/, '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a1c3e5b7d9f0a2c4e6b8d0f'],
  [/^allowed_origins$/, ['https://shop.example']],
  [/^(from|starts_at)$/, '2026-11-01'],
  [/^(to|ends_at)$/, '2026-11-30'],
  [/^month$/, '2026-11'],
  [/^limit$/, 50],
  [/^offset$/, 0],
  [/^first_row$/, 2],
  [/^priority$/, 10],
  [/^discount_value$/, 10],
  [/^overlap_hours$/, 24],
  [/_paise$/, 149_900],
  [/_count$/, 3],
  [/^(total|total_rows)$/, 3],
  [/_at$/, '2026-11-23T10:15:00.000Z'],
];

/** An example for `schema`, the value of a field named `name` (when it is one); `depth` stops runaway recursion. */
export function exampleOf(schema: Json | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 8) return null;
  if ('example' in schema) return schema.example;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const choices = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (choices) return exampleOf(choices.find((c) => c.type !== 'null') ?? choices[0], name, depth + 1);
  const named = byName(name, schema);
  if (named !== undefined) return named;
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : schema.type;
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    const key = RECORD_KEYS[name] ?? 'key';
    return { [key]: exampleOf(schema.additionalProperties as Json, key, depth + 1) };
  }
  if (type === 'object' || schema.properties) {
    const out: Json = {};
    for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, Json>))
      out[key] = exampleOf(sub, key, depth + 1);
    return out;
  }
  if (type === 'array') return [exampleOf(schema.items as Json | undefined, singular(name), depth + 1)];
  if (type === 'integer' || type === 'number') return numberFor(schema);
  if (type === 'boolean') return true;
  if (type === 'string') return stringFor(schema);
  return null;
}

function byName(name: string, schema: Json): unknown {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (IDS[name] && type.includes('string')) return IDS[name];
  for (const [pattern, value] of BY_NAME) {
    if (!pattern.test(name)) continue;
    // A list value only for a list field, a text value only for a text field, and so on.
    const kind = Array.isArray(value) ? 'array' : typeof value === 'number' ? ['integer', 'number'] : 'string';
    if (![kind].flat().some((k) => type.includes(k)) && !(schema.format && typeof value === 'string')) continue;
    // A date where the field is a date-time: the day's start (from) or end (to).
    if (schema.format === 'date-time' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return `${value}T${/^(to|ends_at)$/.test(name) ? '23:59:59.999' : '00:00:00.000'}Z`;
    if (typeof value === 'number') return within(schema, value);
    return value;
  }
  if (/(^|_)id$/.test(name) && type.includes('string')) return IDS.session_id;
  return undefined;
}

/** A plausible number: a ratio in 0..1, else a small count within the schema's bounds. */
function numberFor(schema: Json): number {
  return typeof schema.maximum === 'number' && schema.maximum <= 1 ? 0.75 : within(schema, 3);
}

/** `value` moved inside the schema's minimum and maximum. */
function within(schema: Json, value: number): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  return Math.min(max, Math.max(min, value));
}

function stringFor(schema: Json): string {
  if (schema.format === 'uuid') return IDS.session_id!;
  if (schema.format === 'date-time') return '2026-11-23T10:15:00.000Z';
  if (schema.format === 'date') return '2026-11-23';
  if (schema.format === 'email') return 'asha@example.in';
  if (schema.format === 'uri') return 'https://shop.example/hooks/checkout';
  return 'text';
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name;
}

/** `example`, or one of `examples` per action (Swagger UI offers them in a list), for a media type. */
function exampleFields(routes: RouteDef[], examples: Json): Json {
  if (routes.length === 1 && !routes[0]!.action) return { example: (Object.values(examples)[0] as Json).value };
  return { examples };
}

/** One example per action, each a realistic body of that action. */
export function bodyExamples(routes: RouteDef[], schemas: Json[]): Json {
  const out: Json = {};
  routes.forEach((r, i) => {
    out[r.action?.name ?? 'example'] = {
      summary: r.action ? `${r.action.name}: ${r.summary}` : r.summary,
      value: r.examples?.body ?? exampleOf(schemas[i]),
    };
  });
  return exampleFields(routes, out);
}

/** The answer each action gives, in its envelope. */
export function responseExamples(routes: RouteDef[], bodies: Json[]): Json {
  const out: Json = {};
  routes.forEach((r, i) => {
    const made = exampleOf(bodies[i]) as Json;
    const value = r.examples?.response === undefined ? made : envelopeOf(r, r.examples.response);
    out[r.action?.name ?? 'example'] = { summary: r.action ? r.action.name : 'Answer', value };
  });
  return exampleFields(routes, out);
}

/** A hand-written result in the route's envelope. */
function envelopeOf(route: RouteDef, result: unknown): unknown {
  const envelope = route.envelope ?? 'data';
  if (envelope === 'fields') return { success: true, ...(result as Json) };
  if (envelope === 'official') return { success: true, data: result, ...(result as Json) };
  return { success: true, data: result };
}
