// The fuzz catalogue: every endpoint and action with a valid request shape, its auth, body limit and which mutations must make it fail.
import type { Endpoint as AppEndpoint } from '../../../src/http/pipeline.ts';
import { authKinds } from '../../../src/http/route.ts';
import { dashboardEndpoints } from './dashboard-endpoints.ts';
import { widgetEndpoints } from './widget-endpoints.ts';

/**
 * How a request proves who it is: a /v1 key, a merchant key, a buyer session, a merchant_id in the body, a signed-in
 * developer or merchant user of the dashboards (session cookie, and the CSRF token on unsafe methods), or nothing.
 */
export type Auth = 'v1' | 'merchant' | 'session' | 'body-merchant' | 'developer' | 'merchant-user' | 'public';

/** A signed-in dashboard browser: its email, its `name=token` session cookie and the CSRF token of that session. */
export interface ConsoleLogin {
  email: string;
  cookie: string;
  csrf: string;
}

/** Values a fuzz run needs from its server: real credentials and ids, so mutations reach validation and not only auth. */
export interface Targets {
  v1Key: string;
  merchantKey: string;
  merchantId: string;
  sessionToken: string;
  sessionId: string;
  /** The merchant's one allowed browser origin. */
  origin: string;
  addressId: string;
  /** A UUID that names nothing. */
  missingId: string;
  developer: ConsoleLogin;
  /** A user of the merchant above, signed in to the merchant dashboard. */
  merchantUser: ConsoleLogin;
  /** An active key of the signed-in developer (what the revoke route would revoke). */
  developerKeyId: number;
  /** A key of no developer account (the /v1 key). */
  foreignKeyId: number;
}

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'OPTIONS';
  /** Path with the query-string action, if any (`/checkout-admin?action=sessions`). */
  path: string;
  /** The route's OpenAPI path (`/v1/geopin/validate/{geopin}`) and action: what the coverage check matches against the app. */
  route: string;
  action?: string;
  auth: Auth;
  /** The endpoint's body limit, from the app's route table. */
  maxBody: number;
  /** Every action the endpoint dispatches to, so a "bad action" is never accidentally a good one. */
  actions: string[];
  /** Refusals answer like India Post's service: the text in `error` (official-compatible routes). */
  official: boolean;
  /** A valid JSON body; absent when the route reads none. */
  body?: Record<string, unknown>;
  /** Fields whose removal alone makes the body invalid (absent: removing fields can leave a valid body). */
  required?: string[];
  /** zod strictObject: an unknown key is refused. */
  strict?: boolean;
  /** `{}` is a valid body (a PATCH whose every field is optional), so it is no body-type mutation. */
  emptyOk?: boolean;
  /** Object-valued fields refusing unknown keys, where an array or a foreign object is also wrong. */
  objects?: string[];
  /** Object-valued fields that ignore unknown keys (UTM): only non-objects are wrong there. */
  lenient?: string[];
  /** Valid query values and, per parameter, values that must be refused. */
  query?: Record<string, { valid?: string; junk: string[] }>;
  /** Query parameters whose removal alone is refused. */
  requiredQuery?: string[];
  /** `{param}` route (the path ends in a valid value): junk segments are answered 200 (valid_format false) or 4xx. */
  pathParam?: boolean;
  /** Answered 2xx by design whatever the junk (public documents, pages, preflights). */
  answers?: boolean;
  /** Writes nothing, so noise alone (hostile text in valid fields) may also be sent and answered. */
  readOnly?: boolean;
  /** A merchant-key route that also accepts the merchant dashboard's cookie (merchant_user): each request uses one of the two. */
  cookieAlternative?: boolean;
  /** Public, but refuses a cross-site Sec-Fetch-Site (the dashboards' sign-in: no login CSRF). */
  sameSiteOnly?: boolean;
}

const NUM_JUNK = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '',
  '0x10',
  '12abc',
  '1,5',
  '😀',
  '\u202e12',
  "' OR 1=1 --",
  '1e308',
];
const INSTANT_JUNK = ['yesterday', '2024-13-45', 'NaN', '', '9999-99-99', "' OR 1=1 --", '2024-02-30T25:61:00Z', '😀'];
const LIMIT_JUNK = ['0', '201', 'NaN', '1e308', '-1', '1.5', 'Infinity', 'abc', ''];
const OFFSET_JUNK = ['-1', '1e308', 'NaN', '1.5', 'abc', '1000001', '-Infinity'];
const UUID_JUNK = [
  '',
  "' OR 1=1 --",
  '%',
  '😀',
  'imp_\u0000',
  'x'.repeat(3000),
  'imp_missing',
  '00000000-0000-0000-0000-00000000000g',
];

export type Draft = Omit<Endpoint, 'maxBody' | 'actions' | 'official' | 'route' | 'cookieAlternative'> & {
  route?: string;
};

/**
 * Every /v1, /checkout-* and dashboard endpoint and action, the pages, static files and preflights; limits, actions and
 * the merchant dashboard's cookie alternative come from `app`.
 */
export function endpoints(t: Targets, app: AppEndpoint[]): Endpoint[] {
  const own: Draft[] = [
    ...locationEndpoints(),
    ...adminEndpoints(t),
    ...buyerEndpoints(t),
    ...dashboardEndpoints(t),
    ...widgetEndpoints(t),
    ...[
      '/v1/geopin/geocode',
      '/checkout-admin',
      '/checkout-email-otp',
      '/checkout-funnel-events',
      '/checkout-addresses',
      '/checkout-offers',
      '/checkout-payment',
      '/dashboard/api/keys',
      '/merchant/api/sign-in/code',
    ].map((path): Draft => ({ name: `OPTIONS ${path}`, method: 'OPTIONS', path, auth: 'public', answers: true })),
  ];
  // Public documents, pages, static files and probes (/, /openapi.json, /console/chart.js, /healthz, …): no credentials
  // and no inputs, answered whatever the junk. The dashboards' session probes are listed above, with their cookies.
  const listed = new Set(own.map((d) => `${d.method} ${d.route ?? d.path}`));
  const documents = app.filter(
    (e) =>
      e.method === 'get' &&
      !listed.has(`GET ${e.path}`) &&
      e.routes.every((r) => r.auth === 'public' && !r.query && !r.body && !r.params),
  );
  const drafts = [
    ...documents.map((e): Draft => ({
      name: `GET ${e.path}`,
      method: 'GET',
      path: e.path,
      auth: 'public',
      answers: true,
    })),
    ...own,
  ];
  return drafts.map((d) => {
    const route = d.route ?? d.path.split('?')[0]!;
    const found = app.find((e) => e.method === d.method.toLowerCase() && e.path === route);
    if (!found && d.method !== 'OPTIONS') throw new Error(`${d.name}: no such route in the app`);
    return {
      ...d,
      route,
      maxBody: found?.maxBodyBytes ?? 0,
      actions: found?.routes.map((r) => r.action?.name ?? '').filter(Boolean) ?? [],
      official: found?.routes.some((r) => r.official) ?? false,
      cookieAlternative: d.auth === 'merchant' && !!found && authKinds(found.routes[0]!.auth).includes('merchant_user'),
    };
  });
}

function locationEndpoints(): Draft[] {
  const v1 = (e: Omit<Draft, 'auth'>): Draft => ({ auth: 'v1', readOnly: true, ...e });
  const coords = { latitude: 12.9716, longitude: 77.5946 };
  return [
    v1({
      name: 'geocode',
      method: 'POST',
      path: '/v1/geopin/geocode',
      body: { address: '12 MG Road', city: 'Bengaluru', pincode: '560001', country: 'India' },
      required: ['address'],
    }),
    v1({
      name: 'geocode batch',
      method: 'POST',
      path: '/v1/geopin/batch',
      body: { addresses: [{ address: 'MG Road', pincode: '560001' }] },
      required: ['addresses'],
    }),
    v1({
      name: 'coordinates-to-geopin',
      method: 'POST',
      path: '/v1/geopin/coordinates-to-geopin',
      body: { ...coords },
      required: ['latitude', 'longitude'],
    }),
    v1({
      name: 'reverse',
      method: 'POST',
      path: '/v1/geopin/reverse',
      body: { geopin: '4P3-JK8-52C9' },
      required: ['geopin'],
    }),
    v1({
      name: 'lookup',
      method: 'POST',
      path: '/v1/location/lookup',
      body: { ...coords },
      required: ['latitude', 'longitude'],
    }),
    v1({
      name: 'batch-lookup',
      method: 'POST',
      path: '/v1/location/batch-lookup',
      body: { locations: [{ ...coords }] },
      required: ['locations'],
    }),
    // Either a pincode or a point: the valid request names the pincode, and removing it alone is refused.
    v1({
      name: 'boundaries',
      method: 'GET',
      path: '/v1/location/boundaries',
      requiredQuery: ['pincode'],
      query: {
        pincode: { valid: '560001', junk: ['', '56000', '5600011', 'abcdef', "' OR 1=1 --"] },
        neighbours: { valid: 'false', junk: ['yes', '1', 'TRUE', ''] },
      },
    }),
    v1({
      name: 'autocomplete',
      method: 'GET',
      path: '/v1/geopin/autocomplete',
      requiredQuery: ['q', 'lat', 'lng'],
      query: {
        q: { valid: 'Bengal', junk: ['', 'ab', '  a ', 'x'.repeat(101)] },
        limit: { valid: '5', junk: LIMIT_JUNK.concat(['11']) },
        lat: { valid: '12.97', junk: NUM_JUNK.concat(['91', '-90.0001']) },
        lng: { valid: '77.59', junk: NUM_JUNK.concat(['181', '-180.5']) },
      },
    }),
    v1({
      name: 'validate geopin',
      method: 'GET',
      path: '/v1/geopin/validate/4P3-JK8-52C9',
      route: '/v1/geopin/validate/{geopin}',
      pathParam: true,
    }),
    v1({
      name: 'pincode validate',
      method: 'GET',
      path: '/v1/pincode/validate/560001',
      route: '/v1/pincode/validate/{pincode}',
      pathParam: true,
    }),
    v1({
      name: 'encode',
      method: 'GET',
      path: '/v1/geopin/encode',
      requiredQuery: ['latitude', 'longitude'],
      query: {
        latitude: { valid: '12.9716', junk: NUM_JUNK.concat(['1e308', '-1e308', '40']) },
        longitude: { valid: '77.5946', junk: NUM_JUNK.concat(['1e308', '100']) },
      },
    }),
    v1({
      name: 'decode',
      method: 'GET',
      path: '/v1/geopin/decode',
      requiredQuery: ['digipin'],
      query: {
        digipin: {
          valid: '4P3-JK8-52C9',
          junk: [
            '',
            '---',
            '4P3JK852C9J',
            '😀😀😀-😀😀😀-😀😀😀😀',
            'x'.repeat(21),
            '\u0000',
            'ZZZ-ZZZ-ZZZZ',
            "' OR 1=1 --",
            'NaN',
            '4P3-JK8-52C',
          ],
        },
      },
    }),
    v1({ name: 'usage', method: 'GET', path: '/v1/geopin/usage' }),
    v1({ name: 'stats', method: 'GET', path: '/v1/location/stats' }),
  ];
}

function adminEndpoints(t: Targets): Draft[] {
  const admin = (method: Endpoint['method'], action: string, e: Partial<Draft> = {}): Draft => ({
    name: `${method} admin ${action}`,
    method,
    path: `/checkout-admin?action=${action}`,
    action,
    auth: 'merchant',
    readOnly: method === 'GET',
    ...e,
  });
  const window = {
    from: { valid: '2024-01-01', junk: INSTANT_JUNK },
    to: { valid: '2099-01-01', junk: INSTANT_JUNK.concat(['2023-01-01']) },
  };
  const page = { limit: { valid: '10', junk: LIMIT_JUNK }, offset: { valid: '0', junk: OFFSET_JUNK } };
  return [
    admin('GET', 'funnel', { query: window }),
    admin('GET', 'sessions', {
      query: {
        ...window,
        ...page,
        q: { valid: 'asha@example.in', junk: ['', 'x'.repeat(201)] },
        status: { valid: 'completed', junk: ['paid', '', "' OR 1=1 --"] },
        payment_method: { valid: 'cod', junk: ['card', 'COD', ''] },
      },
    }),
    admin('GET', 'session', {
      requiredQuery: ['session_id'],
      query: { session_id: { valid: t.missingId, junk: UUID_JUNK } },
    }),
    admin('GET', 'webhook_deliveries', { query: page }),
    admin('GET', 'webhook_events', {
      query: { ...page, state: { valid: 'failing', junk: ['lost', '', 'FAILED', "' OR 1=1 --"] } },
    }),
    admin('GET', 'webhook_delivery', {
      requiredQuery: ['delivery_id'],
      query: { delivery_id: { valid: t.missingId, junk: UUID_JUNK } },
    }),
    admin('GET', 'audit_log', { query: page }),
    admin('GET', 'webhooks'),
    admin('GET', 'cod_config'),
    admin('GET', 'get_payment_config'),
    admin('GET', 'settings'),
    admin('GET', 'widget'),
    admin('GET', 'import_status', {
      requiredQuery: ['batch_id'],
      query: { batch_id: { valid: t.missingId, junk: UUID_JUNK } },
    }),
    admin('GET', 'import_batches', { query: page }),
    admin('GET', 'import_errors', {
      requiredQuery: ['batch_id'],
      query: { ...page, batch_id: { valid: t.missingId, junk: UUID_JUNK } },
    }),
    // Every field is optional ({} is a valid PATCH), so removing fields is no mutation here.
    admin('PATCH', 'cod_config', {
      body: { enable_cod: false, cod_max_cart_value_paise: 50_000, cod_blocked_pincodes: ['110001'] },
      strict: true,
      emptyOk: true,
    }),
    admin('PATCH', 'webhooks', {
      body: { webhook_url: 'https://hooks.shop.example/checkout', webhook_secret: 'whsec_0123456789abcdef' },
      strict: true,
      emptyOk: true,
    }),
    admin('PATCH', 'set_payment_config', {
      body: { gateway_key_id: 'rzp_test_fuzz', gateway_secret_key: 'fuzz_secret', payment_enabled: true },
      required: ['gateway_key_id', 'gateway_secret_key'],
      strict: true,
    }),
    admin('PATCH', 'settings', {
      body: { allowed_origins: ['https://other.example'], courier_coverage_url: null },
      strict: true,
      emptyOk: true,
    }),
    admin('POST', 'import_customers', {
      body: { batch_label: 'fuzz', first_row: 2, rows: [{ email: 'imported@example.com', name: 'Imported' }] },
      required: ['rows'],
      strict: true,
    }),
    admin('POST', 'set_session_cart', {
      body: { session_id: t.sessionId, cart_value_paise: 1000 },
      required: ['session_id', 'cart_value_paise'],
      strict: true,
    }),
    admin('POST', 'redeliver_webhook', { body: { delivery_id: t.missingId }, required: ['delivery_id'], strict: true }),
    admin('POST', 'record_refund', {
      body: { gateway_payment_id: 'pay_Fuzz0000000001', refund_reference: 'rfnd_fuzz' },
      required: ['gateway_payment_id'],
      strict: true,
    }),
    // No body is needed: with no webhook_url configured, a request that gets past auth and action is refused anyway.
    admin('POST', 'test_webhook'),
    admin('POST', 'redeliver_failing'),
  ];
}

function buyerEndpoints(t: Targets): Draft[] {
  const address = {
    name: 'Fuzz Buyer',
    phone: '+919876543210',
    flat_number: '1',
    street_name: 'MG Road',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  };
  const id = t.addressId;
  const body =
    (path: string, prefix: string, auth: Auth) =>
    (action: string, fields: Record<string, unknown>, e: Partial<Draft> = {}): Draft => ({
      name: `${prefix} ${action}`,
      method: 'POST',
      path,
      action,
      auth,
      body: { action, ...fields },
      strict: true,
      ...e,
    });
  const book = body('/checkout-addresses', 'addresses', 'session');
  const pay = body('/checkout-payment', 'payment', 'session');
  const otp = body('/checkout-email-otp', 'otp', 'body-merchant');
  const contact = { email: 'fuzz-otp@example.com', merchant_id: t.merchantId };
  return [
    otp('send', contact, { required: ['email', 'merchant_id'] }),
    otp(
      'verify',
      { ...contact, code: '123456', utm: { utm_source: 'fuzz' }, cart_value_paise: 1000 },
      { required: ['email', 'merchant_id', 'code'], lenient: ['utm'] },
    ),
    {
      name: 'funnel event',
      method: 'POST',
      path: '/checkout-funnel-events',
      auth: 'body-merchant',
      strict: true,
      required: ['merchant_id', 'event_type'],
      body: {
        merchant_id: t.merchantId,
        event_type: 'checkout_opened',
        step: 'email',
        device_type: 'mobile',
        platform: 'web',
        session_id: t.sessionId,
      },
    },
    book('list', {}, { readOnly: true }),
    book('create', { address, is_default: true }, { required: ['address'], objects: ['address'] }),
    book(
      'update',
      { address_id: id, address: { city: 'Mysuru' } },
      { required: ['address_id', 'address'], objects: ['address'] },
    ),
    book('delete', { address_id: id }, { required: ['address_id'] }),
    book('set_default', { address_id: id }, { required: ['address_id'] }),
    // Without an address_id the session's default address is completed, so removing it is no mutation.
    book('address_completed', { address_id: id }),
    book('cod_eligibility', { address_id: id, cart_value_paise: 1000 }, { readOnly: true }),
    book('abandon', {}),
    book('session_status', {}, { readOnly: true }),
    book('update_session', { cart_value_paise: 1000, utm: { utm_source: 'fuzz' } }, { lenient: ['utm'] }),
    book(
      'serviceability_check',
      { pincode: '560001', lat: 12.97, lng: 77.59 },
      { required: ['pincode'], readOnly: true },
    ),
    { name: 'offers get', method: 'GET', path: '/checkout-offers', auth: 'session', readOnly: true },
    { ...body('/checkout-offers', 'offers', 'merchant')('list', {}), readOnly: true },
    body('/checkout-offers', 'offers', 'merchant')(
      'create',
      { title: 'Fuzz offer', discount_type: 'flat', discount_value: 100, utm_rules: { utm_source: 'fuzz' } },
      {
        required: ['title', 'discount_type', 'discount_value'],
        objects: ['utm_rules'],
      },
    ),
    body('/checkout-offers', 'offers', 'merchant')(
      'update',
      { offer_id: t.missingId, title: 'Fuzz offer', active: false, starts_at: '2030-01-01', ends_at: null },
      { required: ['offer_id'] },
    ),
    // The fuzz merchant has no gateway keys and no COD: a payment request that gets past validation is refused anyway.
    pay('create_order', { amount_paise: 1000 }),
    pay(
      'verify',
      { gateway_order_id: 'order_fuzz', gateway_payment_id: 'pay_fuzz', gateway_signature: 'sig' },
      { required: ['gateway_order_id', 'gateway_payment_id', 'gateway_signature'] },
    ),
    pay('record_cod', {}),
  ];
}
