// The four traffic mixes of the load run, as autocannon options, plus the counters their onResponse hooks fill in. With several
// nodes each mix names every node's URL, and autocannon gives connection i to node i mod N (round-robin per connection).
import type autocannon from 'autocannon';
import { randomPoints } from '../seeded.ts';

export interface Scenario {
  name: string;
  /** Status codes that are the server working as designed for this traffic (OTP send limits answer 429). */
  intended: number[];
  /** 429s by reason, where the traffic is meant to meet a limit. */
  limits: Record<string, number>;
  options: autocannon.Options;
}

export interface ScenarioInput {
  /** One per server node; every node serves every mix. */
  baseUrls: string[];
  apiKey: string;
  merchantId: string;
  sessionToken: string;
  /** Points inside a pincode boundary, for single lookups that must all answer 200. */
  hits: Array<{ latitude: number; longitude: number }>;
  seconds: number;
  connections: number;
}

const json = { 'content-type': 'application/json' };
/** Hot addresses reach the per-email limit (5 an hour) early; fresh ones use up the per-IP budget. */
const HOT_EMAILS = 2;

export function scenarios(input: ScenarioInput): Scenario[] {
  const { apiKey, seconds: duration, connections } = input;
  // autocannon takes an array of URLs (lib/url.js ofURL); @types/autocannon only declares a string.
  const urls = (path: string) => input.baseUrls.map((base) => `${base}${path}`) as unknown as string;
  const common = { duration, connections, timeout: 10 };
  const keyed = { ...json, 'x-api-key': apiKey };
  const batchPoints = randomPoints(32 * 100, 7, 'latLon');
  const batches = Array.from({ length: 32 }, (_, b) =>
    JSON.stringify({
      locations: Array.from({ length: 100 }, (_, i) => ({
        latitude: batchPoints[2 * (b * 100 + i)]!,
        longitude: batchPoints[2 * (b * 100 + i) + 1]!,
      })),
    }),
  );
  return [
    {
      name: 'POST /v1/location/lookup',
      intended: [],
      limits: {},
      options: {
        ...common,
        url: urls('/v1/location/lookup'),
        method: 'POST',
        headers: keyed,
        requests: input.hits.slice(0, 256).map((p) => ({ body: JSON.stringify(p) })),
      },
    },
    {
      name: 'POST /v1/location/batch-lookup (100)',
      intended: [],
      limits: {},
      options: {
        ...common,
        url: urls('/v1/location/batch-lookup'),
        method: 'POST',
        headers: keyed,
        requests: batches.map((body) => ({ body })),
      },
    },
    otpScenario(input, common, urls('/checkout-email-otp')),
    {
      name: 'POST /checkout-addresses list+create+delete',
      intended: [],
      limits: {},
      options: {
        ...common,
        url: urls('/checkout-addresses'),
        method: 'POST',
        headers: { ...json, 'x-session-token': input.sessionToken },
        requests: addressCycle(),
      },
    },
  ];
}

/**
 * Every other send goes to a fresh address; the rest rotate over a few hot ones, whose live codes are reused (no mail, no
 * per-email send counted). 429s are told apart by their message.
 */
function otpScenario(input: ScenarioInput, common: Partial<autocannon.Options>, url: string): Scenario {
  const limits = { 'per email': 0, 'per IP': 0, other: 0 };
  let n = 0;
  const send: autocannon.Request = {
    setupRequest: (req) => {
      n++;
      const email = n % 2 === 0 ? `hot-${(n / 2) % HOT_EMAILS}@load.example` : `fresh-${n}@load.example`;
      return { ...req, body: JSON.stringify({ action: 'send', email, merchant_id: input.merchantId }) };
    },
    onResponse: (status, body) => {
      if (status !== 429) return;
      if (body.includes('for this email')) limits['per email']++;
      else if (body.includes('from this address')) limits['per IP']++;
      else limits.other++;
    },
  };
  return {
    name: 'POST /checkout-email-otp send',
    intended: [429],
    limits,
    options: { ...common, url, method: 'POST', headers: json, requests: [send] },
  };
}

/**
 * Per connection: list, create, then delete what was created, so the buyer's book stays small and the run measures
 * steady-state serving rather than an ever longer list. Every create differs (a counter as the flat number): the same
 * fields sent again are answered with the address already saved, so two connections would delete one address twice.
 */
function addressCycle(): autocannon.Request[] {
  let created = 0;
  return [
    { body: JSON.stringify({ action: 'list' }) },
    {
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({
          action: 'create',
          address: {
            name: 'Load Buyer',
            flat_number: String(++created),
            street_name: 'MG Road',
            city: 'Bengaluru',
            state: 'Karnataka',
            pincode: '560001',
          },
        }),
      }),
      onResponse: (status, body, context) => {
        (context as { created?: string }).created =
          status === 200 ? (JSON.parse(body) as { data: { address: { id: string } } }).data.address.id : undefined;
      },
    },
    {
      // No id (the create failed): autocannon restarts the cycle and counts a reset.
      setupRequest: (req, context) => {
        const id = (context as { created?: string }).created;
        return id
          ? { ...req, body: JSON.stringify({ action: 'delete', address_id: id }) }
          : (null as unknown as autocannon.Request);
      },
    },
  ];
}
