// The fuzz catalogue: every endpoint with a valid request shape, its auth, body limit and which mutations must make it fail.
import { SMALL_BODY_BYTES } from '../../../src/platform/route-table.ts';
import { DEFAULT_MAX_BODY_BYTES } from '../../../src/server/http.ts';

/** How a request proves who it is: a /v1 key, a merchant key, a buyer session, a merchant_id in the body, or nothing. */
export type Auth = 'v1' | 'merchant' | 'session' | 'body-merchant' | 'public';

/** Values a fuzz run needs from its server: real credentials and ids, so mutations reach validation and not only auth. */
export interface Targets {
  v1Key: string;
  merchantKey: string;
  merchantId: string;
  sessionToken: string;
  /** The merchant's one allowed browser origin. */
  origin: string;
  addressId: string;
}

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'OPTIONS';
  /** Path with the query-string action, if any (`/checkout-admin?action=sessions`). */
  path: string;
  auth: Auth;
  maxBody: number;
  /** A valid JSON body; absent when the route reads none. */
  body?: Record<string, unknown>;
  /** Fields whose removal alone makes the body invalid; [] when only an empty body is invalid. */
  required?: string[];
  /** zod strictObject: an unknown key is refused. */
  strict?: boolean;
  /** Object-valued fields, where an array is also wrong. */
  objects?: string[];
  /** Valid query values and, per parameter, values that must be refused. */
  query?: Record<string, { valid?: string; junk: string[] }>;
  /** Query parameters whose removal alone is refused. */
  requiredQuery?: string[];
  /** `{param}` route (the path ends in a valid value): junk segments are answered 200 (valid_format false) or 4xx. */
  pathParam?: boolean;
  /** Answered 2xx by design whatever the junk (public info routes, preflights). */
  answers?: boolean;
  /** Writes nothing, so noise alone (hostile text in valid fields) may also be sent and answered. */
  readOnly?: boolean;
}

const NUM_JUNK = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '', '0x10', '12abc', '1,5', '😀', '\u202e12', "' OR 1=1 --", '1e308'];
const INSTANT_JUNK = ['yesterday', '2024-13-45', 'NaN', '', '9999-99-99', "' OR 1=1 --", '2024-02-30T25:61:00Z', '😀'];
const LIMIT_JUNK = ['0', '201', 'NaN', '1e308', '-1', '1.5', 'Infinity', 'abc', ''];
const OFFSET_JUNK = ['-1', '1e308', 'NaN', '1.5', 'abc', '1000001', '-Infinity'];

/** Every /v1 and /checkout-* endpoint (and every action of each). */
export function endpoints(t: Targets): Endpoint[] {
  const v1 = (e: Omit<Endpoint, 'auth' | 'maxBody'> & { maxBody?: number }): Endpoint => ({ auth: 'v1', maxBody: SMALL_BODY_BYTES, readOnly: true, ...e });
  const coords = { latitude: 12.9716, longitude: 77.5946 };
  const list: Endpoint[] = [
    { name: 'GET /', method: 'GET', path: '/', auth: 'public', maxBody: 0, answers: true },
    { name: 'GET /v1', method: 'GET', path: '/v1', auth: 'public', maxBody: 0, answers: true },
    { name: 'GET /openapi.json', method: 'GET', path: '/openapi.json', auth: 'public', maxBody: 0, answers: true },
    v1({ name: 'geocode', method: 'POST', path: '/v1/geopin/geocode', body: { address: '12 MG Road', city: 'Bengaluru', pincode: '560001', country: 'India' }, required: ['address'] }),
    v1({ name: 'geocode batch', method: 'POST', path: '/v1/geopin/batch', maxBody: 256 * 1024, body: { addresses: [{ address: 'MG Road', pincode: '560001' }] }, required: ['addresses'] }),
    v1({ name: 'coordinates-to-geopin', method: 'POST', path: '/v1/geopin/coordinates-to-geopin', body: { ...coords }, required: ['latitude', 'longitude'] }),
    v1({ name: 'reverse', method: 'POST', path: '/v1/geopin/reverse', body: { geopin: '4P3-JK8-52C9' }, required: ['geopin'] }),
    v1({ name: 'lookup', method: 'POST', path: '/v1/location/lookup', body: { ...coords }, required: ['latitude', 'longitude'] }),
    v1({ name: 'batch-lookup', method: 'POST', path: '/v1/location/batch-lookup', maxBody: 256 * 1024, body: { locations: [{ ...coords }] }, required: ['locations'] }),
    v1({
      name: 'autocomplete', method: 'GET', path: '/v1/geopin/autocomplete', requiredQuery: ['q', 'lat', 'lng'],
      query: {
        q: { valid: 'Bengal', junk: ['', 'ab', '  a ', 'x'.repeat(101)] },
        limit: { valid: '5', junk: LIMIT_JUNK.concat(['11']) },
        lat: { valid: '12.97', junk: NUM_JUNK.concat(['91', '-90.0001']) },
        lng: { valid: '77.59', junk: NUM_JUNK.concat(['181', '-180.5']) },
      },
    }),
    v1({ name: 'validate geopin', method: 'GET', path: '/v1/geopin/validate/4P3-JK8-52C9', pathParam: true }),
    v1({ name: 'pincode validate', method: 'GET', path: '/v1/pincode/validate/560001', pathParam: true }),
    v1({
      name: 'encode', method: 'GET', path: '/v1/geopin/encode', requiredQuery: ['latitude', 'longitude'],
      query: { latitude: { valid: '12.9716', junk: NUM_JUNK.concat(['1e308', '-1e308', '40']) }, longitude: { valid: '77.5946', junk: NUM_JUNK.concat(['1e308', '100']) } },
    }),
    v1({
      name: 'decode', method: 'GET', path: '/v1/geopin/decode', requiredQuery: ['digipin'],
      query: { digipin: { valid: '4P3-JK8-52C9', junk: ['', '---', '4P3JK852C9J', '😀😀😀-😀😀😀-😀😀😀😀', 'x'.repeat(21), '\u0000', 'ZZZ-ZZZ-ZZZZ', "' OR 1=1 --", 'NaN', '4P3-JK8-52C'] } },
    }),
    v1({ name: 'usage', method: 'GET', path: '/v1/geopin/usage' }),
    v1({ name: 'stats', method: 'GET', path: '/v1/location/stats' }),
    ...adminEndpoints(),
    ...buyerEndpoints(t),
    ...['/v1/geopin/geocode', '/checkout-email-otp', '/checkout-funnel-events', '/checkout-addresses', '/checkout-offers', '/checkout-payment'].map(
      (path): Endpoint => ({ name: `OPTIONS ${path}`, method: 'OPTIONS', path, auth: 'public', maxBody: 0, answers: true }),
    ),
  ];
  return list;
}

function adminEndpoints(): Endpoint[] {
  const admin = (method: Endpoint['method'], action: string, e: Partial<Endpoint> = {}): Endpoint => ({
    name: `${method} admin ${action}`, method, path: `/checkout-admin?action=${action}`, auth: 'merchant', maxBody: DEFAULT_MAX_BODY_BYTES, readOnly: method === 'GET', ...e,
  });
  const window = { from: { valid: '2024-01-01', junk: INSTANT_JUNK }, to: { valid: '2099-01-01', junk: INSTANT_JUNK.concat(['2023-01-01']) } };
  const page = { limit: { valid: '10', junk: LIMIT_JUNK }, offset: { valid: '0', junk: OFFSET_JUNK } };
  return [
    admin('GET', 'funnel', { query: window }),
    admin('GET', 'sessions', { query: { ...window, ...page } }),
    admin('GET', 'webhook_deliveries', { query: page }),
    admin('GET', 'webhooks'),
    admin('GET', 'cod_config'),
    admin('GET', 'get_payment_config'),
    admin('GET', 'settings'),
    admin('GET', 'import_status', { requiredQuery: ['batch_id'], query: { batch_id: { valid: 'imp_missing', junk: ['', "' OR 1=1 --", '%', '😀', 'imp_\u0000', 'x'.repeat(3000)] } } }),
    admin('PATCH', 'cod_config', { body: { enable_cod: false, cod_max_cart_value_paise: 50_000, cod_blocked_pincodes: ['110001'] }, required: [], strict: true }),
    admin('PATCH', 'webhooks', { body: { webhook_url: 'https://hooks.shop.example/checkout', webhook_secret: 'whsec_0123456789abcdef' }, required: [], strict: true }),
    admin('PATCH', 'set_payment_config', { body: { gateway_key_id: 'rzp_test_fuzz', gateway_secret_key: 'fuzz_secret', payment_enabled: true }, required: ['gateway_key_id', 'gateway_secret_key'], strict: true }),
    admin('PATCH', 'settings', { body: { allowed_origins: ['https://other.example'], courier_coverage_url: null }, required: [], strict: true }),
    admin('POST', 'import_customers', { maxBody: 8 << 20, body: { batch_label: 'fuzz', rows: [{ email: 'imported@example.com', name: 'Imported' }] }, required: ['rows'], strict: true }),
    // The body is not read: only auth, action and the size limit can refuse it (no webhook_url is set either).
    admin('POST', 'test_webhook'),
  ];
}

function buyerEndpoints(t: Targets): Endpoint[] {
  const address = { name: 'Fuzz Buyer', phone: '+919876543210', line1: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
  const id = t.addressId;
  const book = (action: string, body: Record<string, unknown>, required: string[] | undefined, objects?: string[]): Endpoint => ({
    name: `addresses ${action}`, method: 'POST', path: '/checkout-addresses', auth: 'session', maxBody: DEFAULT_MAX_BODY_BYTES,
    body: { action, ...body }, required, strict: true, objects,
  });
  const pay = (action: string, body: Record<string, unknown> | undefined, required?: string[]): Endpoint => ({
    name: `payment ${action}`, method: 'POST', path: `/checkout-payment?action=${action}`, auth: 'session', maxBody: DEFAULT_MAX_BODY_BYTES, body, required,
  });
  const otp = { email: 'fuzz-otp@example.com', merchant_id: t.merchantId };
  return [
    { name: 'otp send', method: 'POST', path: '/checkout-email-otp', auth: 'body-merchant', maxBody: DEFAULT_MAX_BODY_BYTES, body: { action: 'send', ...otp }, required: ['email', 'merchant_id'], strict: true },
    {
      name: 'otp verify', method: 'POST', path: '/checkout-email-otp', auth: 'body-merchant', maxBody: DEFAULT_MAX_BODY_BYTES,
      body: { action: 'verify', ...otp, code: '123456', utm: { utm_source: 'fuzz' }, cart_value_paise: 1000 }, required: ['email', 'merchant_id', 'code'], strict: true, objects: ['utm'],
    },
    {
      name: 'funnel event', method: 'POST', path: '/checkout-funnel-events', auth: 'body-merchant', maxBody: DEFAULT_MAX_BODY_BYTES,
      body: { merchant_id: t.merchantId, event_type: 'checkout_opened', step: 'email', device_type: 'mobile', platform: 'web', session_id: 'fuzz' },
      required: ['merchant_id', 'event_type', 'step', 'device_type', 'platform'], strict: true,
    },
    { ...book('list', {}, undefined), readOnly: true },
    book('create', { address, is_default: true }, ['address'], ['address']),
    book('update', { address_id: id, address: { city: 'Mysuru' } }, ['address_id', 'address'], ['address']),
    book('delete', { address_id: id }, ['address_id']),
    book('set_default', { address_id: id }, ['address_id']),
    book('address_completed', { address_id: id }, ['address_id']),
    { ...book('cod_eligibility', { address_id: id, cart_value_paise: 1000 }, undefined), readOnly: true },
    book('abandon', {}, undefined),
    book('update_session', { cart_value_paise: 1000, utm: { utm_source: 'fuzz' } }, undefined, ['utm']),
    { ...book('serviceability_check', { pincode: '560001', lat: 12.97, lng: 77.59 }, ['pincode']), readOnly: true },
    { name: 'offers get', method: 'GET', path: '/checkout-offers', auth: 'session', maxBody: 0, readOnly: true },
    { name: 'offers list', method: 'POST', path: '/checkout-offers', auth: 'merchant', maxBody: DEFAULT_MAX_BODY_BYTES, body: { action: 'list' }, readOnly: true },
    {
      name: 'offers create', method: 'POST', path: '/checkout-offers', auth: 'merchant', maxBody: DEFAULT_MAX_BODY_BYTES,
      body: { action: 'create', title: 'Fuzz offer', discount_type: 'flat', discount_value: 100, utm_rules: { utm_source: 'fuzz' } },
      required: ['title', 'discount_type', 'discount_value'], strict: true, objects: ['utm_rules'],
    },
    pay('create_order', { amount_paise: 1000, currency: 'INR' }, ['amount_paise']),
    pay('verify', { gateway_order_id: 'order_fuzz', gateway_payment_id: 'pay_fuzz', gateway_signature: 'sig' }, ['gateway_order_id', 'gateway_payment_id', 'gateway_signature']),
    // record_cod reads no body; COD is off for the fuzz merchant, so a request that gets past auth is refused anyway.
    pay('record_cod', undefined),
  ];
}
