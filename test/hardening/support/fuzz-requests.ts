// Seeded generator of malformed requests: each one carries one mutation that must make the server refuse it, plus noise that must not matter.
import type { ConsoleLogin, Endpoint, Targets } from './endpoints.ts';
import { badAuth, badCsrf, crossSite, signIn, unsafe } from './fuzz-credentials.ts';
import { randomText, type Rng } from './rng.ts';

/** One request as sent: `expect` says whether only a 4xx is acceptable ('reject') or any non-5xx answer is ('answer'). */
export interface FuzzRequest {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  expect: 'reject' | 'answer';
  /** Signed in by a dashboard session cookie (on a route that also takes a key: the cookie alternative). */
  viaCookie: boolean;
}

/** Placeholders replaced in the serialised body, for JSON that JSON.stringify cannot produce. */
const PROTO = '\u0001proto\u0001';
const DEEP = '\u0001deep\u0001';
const OVERFLOW = '\u0001overflow\u0001';
const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
/** An object, not an array: a deep array inside a batch or import list is just one bad item of a valid request. */
const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const PROTO_JSON = '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}';
/** Each placeholder's JSON text: JSON.parse turns 1e400 into Infinity, which JSON.stringify cannot write. */
const RAW: Array<[string, string]> = [
  [PROTO, PROTO_JSON],
  [DEEP, DEEP_OBJECT],
  [OVERFLOW, '-1e400'],
];

/** Wrong for every body field of every endpoint: no field takes a number this large, an object with these keys, or 100k chars. */
const FIELD_JUNK: unknown[] = [
  1e308,
  -1e308,
  2 ** 53 + 1,
  -(2 ** 53 + 1),
  OVERFLOW,
  { $ne: null },
  { $gt: '' },
  PROTO,
  'x'.repeat(100_000),
  DEEP,
];
/** Wrong for an object field that ignores unknown keys (UTM): anything but an object, or an object nested too deep. */
const LENIENT_JUNK: unknown[] = [1e308, -1e308, OVERFLOW, 'x'.repeat(100_000), DEEP, 'x', 1, true, []];
/** Hostile text that is still a string: must be harmless wherever it lands. */
export const HOSTILE_STRINGS = [
  '😀',
  '\u202eevil\u202c',
  "' OR 1=1 --",
  '; DROP TABLE buyers; --',
  'NaN',
  'Infinity',
  'null',
  '\u0000',
  'ñ',
  '<script>alert(1)</script>',
  '${7*7}',
  '../../etc/passwd',
  '%00',
  '\ud83d',
  "Robert'); DROP TABLE addresses;--",
  'מרחב',
  '١٢٣',
];
const BAD_ACTIONS: unknown[] = [
  '',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'LIST',
  ' list',
  'list\u0000',
  '😀',
  "'; DROP TABLE merchants; --",
  'x'.repeat(200),
];
const BAD_BODY_ACTIONS: unknown[] = [...BAD_ACTIONS, 1e308, null, true, ['list'], { $ne: 1 }];
const BODY_TYPES = ['[]', '"text"', '1e308', '-1e308', 'null', 'true', '0', '""', '{}', '[[],[]]'];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/json; charset=utf-16',
  'application/xml',
  '',
  'ÿ/ÿ',
];
const QUERY_NOISE = ['x=%zz', '%E0%A4%A=1', 'y=%00', 'z=%F0%9F%98%80', 'w=%', '__proto__=1', 'constructor=1', 'a[b]=1'];

type Mutation =
  | 'auth'
  | 'origin'
  | 'cross-site'
  | 'csrf'
  | 'action'
  | 'body-type'
  | 'syntax'
  | 'deep'
  | 'oversize'
  | 'field'
  | 'missing'
  | 'extra-key'
  | 'query'
  | 'query-missing'
  | 'path';

export interface Draft {
  path: string;
  query: Array<[string, string]>;
  rawQuery: string[];
  /** Copies of the route's own query keys, placed where they are not the value read (dropped if the key itself is). */
  repeats: Array<[string, string]>;
  headers: Record<string, string>;
  /** The dashboard session the request is signed in as, if any. */
  login: ConsoleLogin | undefined;
  /** The session cookie as sent (`name=token`, or a mutation of it), and other cookies sent beside it. */
  cookie: string | undefined;
  cookieNoise: string[];
  body: Record<string, unknown> | undefined;
  raw: string | undefined;
  protoKey: boolean;
  expect: 'reject' | 'answer';
}

/** `count` requests, spread round-robin over `list` so every endpoint gets its share. */
export function* fuzzRequests(list: Endpoint[], t: Targets, rng: Rng, count: number): Generator<FuzzRequest> {
  // Every action of every endpoint: a good action on the wrong endpoint is one of the bad actions tried.
  const actions = [...new Set(list.flatMap((e) => e.actions))];
  for (let i = 0; i < count; i++) {
    const e = list[i % list.length]!;
    yield generate(rng, e, t, i, actions, Math.floor(i / list.length));
  }
}

/** Mutations that stop a request at the door: its route's own checks are not reached. */
const AT_THE_DOOR = new Set<Mutation>(['auth', 'origin', 'cross-site', 'csrf']);

/**
 * `round`: how many times the endpoint came before. Its first visits go in by each way (key, then the dashboard's
 * cookie) and get past the door, so every route's own validation is met whatever the seed draws after.
 */
function generate(rng: Rng, e: Endpoint, t: Targets, index: number, actions: string[], round: number): FuzzRequest {
  const ways = e.cookieAlternative ? 2 : 1;
  const d = draft(rng, e, t, round < ways && ways === 2 ? round === 1 : undefined);
  const noise: string[] = [];
  for (let n = rng.int(3); n > 0; n--) noise.push(addNoise(rng, e, d, t));
  const all = mutations(e, d);
  const inside = all.filter((m) => !AT_THE_DOOR.has(m));
  const options = round < ways && e.auth !== 'public' && inside.length > 0 ? inside : all;
  // Read-only routes also get noise alone, so hostile text reaches their logic (geocoder, autocomplete, lookups), not only their schemas.
  const mutation = options.length === 0 || (e.readOnly && rng.next() < 0.3) ? null : rng.pick(options);
  if (mutation) mutate(rng, e, d, t, mutation, actions);
  // Pages, documents and the dashboards' session probes answer whatever they get (a refused cookie is "signed out").
  if (!mutation || e.answers) d.expect = 'answer';
  return {
    label: `#${index} ${e.name} [${mutation ?? 'noise only'}${noise.length ? `; ${noise.join(', ')}` : ''}]`,
    ...serialise(e, d),
  };
}

function draft(rng: Rng, e: Endpoint, t: Targets, viaCookie?: boolean): Draft {
  const url = new URL(e.path, 'http://x');
  const query = [...url.searchParams] as Array<[string, string]>;
  for (const [name, spec] of Object.entries(e.query ?? {}))
    if (spec.valid !== undefined) query.push([name, spec.valid]);
  const d: Draft = {
    path: url.pathname,
    query,
    rawQuery: [],
    repeats: [],
    headers: {},
    login: undefined,
    cookie: undefined,
    cookieNoise: [],
    body: e.body && structuredClone(e.body),
    raw: undefined,
    protoKey: false,
    expect: 'reject',
  };
  signIn(rng, e, d, t, viaCookie);
  if (e.body) d.headers['content-type'] = 'application/json';
  return d;
}

function mutations(e: Endpoint, d: Draft): Mutation[] {
  const out: Mutation[] = [];
  const fields = Object.keys(e.body ?? {}).filter((k) => k !== 'action');
  if (e.auth !== 'public') out.push('auth');
  if (e.auth === 'session' || e.auth === 'body-merchant') out.push('origin');
  if (d.login || e.sameSiteOnly) out.push('cross-site');
  if (d.login && unsafe(e.method)) out.push('csrf');
  if (e.path.includes('action=') || e.body?.action !== undefined) out.push('action');
  if (e.body) out.push('body-type', 'syntax', 'deep');
  if (e.method === 'POST' || e.method === 'PATCH') out.push('oversize');
  if (fields.length > 0) out.push('field');
  if (e.required) out.push('missing');
  if (e.strict) out.push('extra-key');
  if (e.query && Object.values(e.query).some((q) => q.junk.length > 0)) out.push('query');
  if (e.requiredQuery) out.push('query-missing');
  if (e.pathParam) out.push('path', 'path');
  return out;
}

function mutate(rng: Rng, e: Endpoint, d: Draft, t: Targets, m: Mutation, actions: string[]): void {
  const valid = JSON.stringify(e.body ?? {});
  switch (m) {
    case 'auth':
      return badAuth(rng, e, d, t);
    case 'cross-site':
      return crossSite(rng, d);
    case 'csrf':
      return badCsrf(rng, d, t);
    case 'origin':
      d.headers.origin = rng.pick([
        'null',
        'https://evil.example',
        `${t.origin}.evil.example`,
        `${t.origin}/`,
        `${t.origin}:443`,
        '',
        'file://',
        'ÿ',
        t.origin.replace('https:', 'http:'),
      ]);
      return;
    case 'action': {
      const inQuery = d.query.some(([k]) => k === 'action');
      const pool = (inQuery ? BAD_ACTIONS : BAD_BODY_ACTIONS)
        .concat(actions)
        .filter((a) => !e.actions.includes(a as string));
      const action = rng.pick(pool);
      if (inQuery) d.query = d.query.map(([k, v]) => [k, k === 'action' ? String(action) : v]);
      else d.body!.action = action;
      return;
    }
    case 'body-type':
      d.raw = rng.next() < 0.2 ? `[${valid}]` : rng.pick(BODY_TYPES.filter((b) => !(e.emptyOk && b === '{}')));
      return;
    case 'syntax':
      d.raw = rng.pick([
        valid.slice(0, 1 + rng.int(valid.length - 1)),
        `${valid}}`,
        `${valid} x`,
        '{"a":NaN}',
        valid.replaceAll('"', "'"),
        valid.replace(/}$/, ',}'),
        `\ufeff${valid}`,
        valid + valid,
        `/*c*/${valid}`,
        'undefined',
        '{"a":Infinity}',
        '{"a":0x10}',
        '{"a":01}',
        '{"a":"\n"}',
        '{"a":1e}',
        '{"a":"\\x41"}',
        '{"a":tru}',
        `\u0000${valid}`,
      ]);
      return;
    case 'deep':
      if (rng.next() < 0.5) d.body![rng.pick(Object.keys(d.body!))] = DEEP;
      else d.raw = rng.pick([DEEP_ARRAY, DEEP_OBJECT]);
      return;
    case 'oversize':
      d.raw = `{"pad":"${'x'.repeat(e.maxBody + 1 + rng.int(1024))}"}`;
      return;
    case 'field': {
      const field = rng.pick(Object.keys(d.body!).filter((k) => k !== 'action'));
      const pool = e.objects?.includes(field)
        ? [...FIELD_JUNK, [e.body![field]], []]
        : e.lenient?.includes(field)
          ? LENIENT_JUNK
          : FIELD_JUNK;
      d.body![field] = rng.pick(pool);
      return;
    }
    case 'missing': {
      const required = e.required!;
      const drop = required.length > 0 ? [rng.pick(required)] : Object.keys(d.body!).filter((k) => k !== 'action');
      for (const key of drop) delete d.body![key];
      return;
    }
    case 'extra-key': {
      const key = rng.pick([
        '__proto__',
        'constructor',
        'prototype',
        '$where',
        "' OR 1=1 --",
        '😀',
        'toString',
        'is_admin',
        '\u0000',
      ]);
      if (key === '__proto__') d.protoKey = true;
      else d.body![key] = rng.pick([true, 1, 'x', { polluted: true }]);
      return;
    }
    case 'query': {
      const [name, spec] = rng.pick(Object.entries(e.query!).filter(([, q]) => q.junk.length > 0));
      d.query = d.query.filter(([k]) => k !== name).concat([[name, rng.pick(spec.junk)]]);
      return;
    }
    case 'query-missing': {
      const name = rng.pick(e.requiredQuery!);
      d.query = d.query.filter(([k]) => k !== name);
      return;
    }
    case 'path': {
      const own = d.path.slice(d.path.lastIndexOf('/') + 1);
      const segment = rng.pick([
        '%00',
        '%E0%A4%A',
        encodeURIComponent('😀😀😀'),
        '..%2F..%2Fetc%2Fpasswd',
        "'%20OR%201%3D1",
        '4p3-jk8-52c9',
        '---',
        '4P3JK852C9J',
        'x'.repeat(33),
        '%ff%fe',
        'NaN',
        'Infinity',
        '-1e308',
        encodeURIComponent('\u202e560001'),
        '%2F',
        '5600O1',
        '000000',
        '1e5',
        '2147483648',
        encodeURIComponent('٥٦٠٠٠١'),
        percent(randomText(rng, 1 + rng.int(12))),
      ]);
      // Never the valid segment itself (random text may spell a key id): a route that writes must refuse every junk segment.
      d.path = d.path.slice(0, d.path.length - own.length) + (segment === own ? `${segment}x` : segment);
      // Lookups answer junk with 200 and valid_format false; a route that writes refuses it.
      if (e.readOnly) d.expect = 'answer';
      return;
    }
  }
}

/** A mutation that a correct server ignores or refuses; never one that could turn a refused request into an accepted one. */
function addNoise(rng: Rng, e: Endpoint, d: Draft, t: Targets): string {
  const kind = rng.pick(['content-type', 'headers', 'string', 'query', 'query-text', 'proto'] as const);
  switch (kind) {
    case 'content-type': {
      const value = rng.pick([...CONTENT_TYPES, undefined]);
      if (value === undefined) delete d.headers['content-type'];
      else d.headers['content-type'] = value;
      return `content-type ${JSON.stringify(value ?? null)}`;
    }
    case 'headers': {
      d.headers['x-forwarded-for'] = "1.2.3.4, ' OR 1=1 --";
      d.cookieNoise.push('session=ÿ', 'admin=1');
      if (e.auth !== 'session') d.headers['x-session-token'] = rng.token('cst_');
      // Never on a merchant-key route: a key there is a credential, noise must not add one.
      if (e.auth !== 'v1' && e.auth !== 'merchant')
        d.headers['x-api-key'] = rng.pick([rng.token('ck_'), t.merchantKey]);
      // Dashboards judge a request's site by Sec-Fetch-Site, so an Origin alone is noise to them.
      if (e.auth !== 'session' && e.auth !== 'body-merchant')
        d.headers.origin = rng.pick(['null', 'https://evil.example', 'ÿ']);
      return 'garbage headers';
    }
    case 'string': {
      const fields = Object.entries(d.body ?? {}).filter(([k, v]) => k !== 'action' && typeof v === 'string');
      if (fields.length === 0) return 'no string field';
      const [field, value] = rng.pick(fields);
      d.body![field] =
        rng.next() < 0.5 ? rng.pick(HOSTILE_STRINGS) : randomText(rng, (value as string).length + rng.int(40));
      return `hostile ${field}`;
    }
    case 'query': {
      const own = Object.keys(e.query ?? {});
      if (own.length > 0) d.repeats.push([rng.pick(own), String(rng.pick(HOSTILE_STRINGS))]);
      d.rawQuery.push('r=1&r=2', rng.pick(QUERY_NOISE));
      return 'query garbage';
    }
    case 'query-text': {
      if (d.query.length === 0) return 'no query';
      const i = rng.int(d.query.length);
      if (d.query[i]![0] === 'action') return 'action kept';
      d.query[i] = [d.query[i]![0], randomText(rng, 1 + rng.int(60))];
      return `text in ${d.query[i][0]}`;
    }
    case 'proto':
      d.protoKey = d.body !== undefined;
      return '__proto__ key';
  }
}

/** encodeURIComponent, except that a lone surrogate becomes its (invalid) UTF-8 bytes instead of a throw. */
function percent(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%BD';
  }
}

function serialise(e: Endpoint, d: Draft): Omit<FuzzRequest, 'label'> {
  const encode = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${percent(k)}=${percent(v)}`);
  const repeats = encode(d.repeats.filter(([k]) => d.query.some(([q]) => q === k)));
  // Query schemas read the last of a repeated key, so the copies go first, where they are not the one read.
  const parts = [...repeats, ...d.rawQuery, ...encode(d.query)];
  const path = parts.length ? `${d.path}?${parts.join('&')}` : d.path;
  let body = d.raw;
  if (body === undefined && d.body !== undefined) {
    body = RAW.reduce((text, [token, raw]) => text.replaceAll(JSON.stringify(token), raw), JSON.stringify(d.body));
    if (d.protoKey)
      body = body === '{}' ? '{"__proto__":{"polluted":true}}' : `{"__proto__":{"polluted":true},${body.slice(1)}`;
  }
  const cookies = [...d.cookieNoise, ...(d.cookie === undefined ? [] : [d.cookie])];
  const headers = cookies.length > 0 ? { ...d.headers, cookie: cookies.join('; ') } : d.headers;
  const bodyless = e.method === 'GET' || e.method === 'OPTIONS' || e.method === 'DELETE';
  return {
    method: e.method,
    path,
    headers,
    body: bodyless ? undefined : body,
    expect: d.expect,
    viaCookie: d.login !== undefined,
  };
}
