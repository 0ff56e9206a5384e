// The location API (/v1) client: lookups, geocoding, autocomplete, DIGIPIN and usage, with batches of any length.
import { checkItem, checkItems, checkText, inWholeList } from './batch-items.js';
import { runSplit, type SplitOptions } from './chunks.js';
import { Transport, type CallOptions, type ClientOptions, type Pacing, type RequestSpec } from './transport.js';
import type {
  AddressInput,
  AutocompleteQuery,
  AutocompleteResult,
  BatchGeocodeResult,
  BatchLookupResult,
  CoordinatesToGeopinResult,
  DecodeResult,
  EncodeResult,
  GeocodeResult,
  GeopinValidation,
  LookupInput,
  LookupResult,
  PincodeValidation,
  Point,
  ReverseResult,
  Stats,
  Usage,
} from './types.js';

/** Items per request of the two batch routes (the server refuses more). */
export const BATCH_SIZE = 100;

export interface LocationClientOptions extends ClientOptions {
  /** A location api key (`gp_sk_…`; server side). */
  apiKey: string;
}

export type BatchOptions = CallOptions & SplitOptions;

// Every location route only reads: repeating one changes nothing but the usage count, so all of them are retried.
const IDEMPOTENT = true;

export class LocationClient {
  private readonly transport: Transport;

  constructor(options: LocationClientOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey === '') throw new TypeError('apiKey is required');
    this.transport = new Transport(options, { 'x-api-key': options.apiKey });
  }

  /** State, district, division, locality, pincode and delivery of a point or geopin; 404 NotFoundError outside India. */
  async lookup(input: LookupInput, options?: CallOptions): Promise<LookupResult> {
    checkItem(input);
    return this.data({ method: 'POST', path: '/v1/location/lookup', body: input, ...options });
  }

  /**
   * Looks up any number of points or geopins, 100 per request, and joins the answers in order: `results[i].index`
   * is the item's position in `inputs`, and `found`/`not_found`/`invalid` count all of them. An item that is not an
   * object, or holds NaN or Infinity, throws InvalidInputError before anything is sent. A request that fails for
   * good stops the call: nothing more is sent, and once the requests in flight have settled it throws with `partial`,
   * the answers of every request answered.
   */
  async lookupMany(inputs: readonly LookupInput[], options: BatchOptions = {}): Promise<BatchLookupResult> {
    checkItems(inputs, 'locations');
    const send = (locations: LookupInput[], _offset: number, pacing: Pacing) =>
      this.data<BatchLookupResult>({
        method: 'POST',
        path: '/v1/location/batch-lookup',
        body: { locations },
        ...call(options),
        pacing,
      });
    const failure = (err: unknown, offset: number, answered: ReadonlyArray<BatchLookupResult | undefined>) =>
      inWholeList(err, 'locations', offset, joinLookups(answered));
    return joinLookups(await runSplit(inputs, BATCH_SIZE, send, options, failure));
  }

  /**
   * Address → point, geopin, confidence; 404 NotFoundError when nothing in it could be placed. `address` is the
   * Address input, or its text alone (as `{address}`).
   */
  async geocode(address: AddressInput | string, options?: CallOptions): Promise<GeocodeResult> {
    const body = typeof address === 'string' ? { address } : address;
    checkItem(body);
    return this.data({ method: 'POST', path: '/v1/geopin/geocode', body, ...options });
  }

  /**
   * Geocodes any number of addresses, 100 per request, joined in order (`index` = position in `addresses`); items
   * are checked before anything is sent, and a failed request stops the call and throws with `partial`, as in
   * lookupMany.
   */
  async geocodeMany(addresses: readonly AddressInput[], options: BatchOptions = {}): Promise<BatchGeocodeResult> {
    checkItems(addresses, 'addresses');
    const send = (slice: AddressInput[], _offset: number, pacing: Pacing) =>
      this.data<BatchGeocodeResult>({
        method: 'POST',
        path: '/v1/geopin/batch',
        body: { addresses: slice },
        ...call(options),
        pacing,
      });
    const failure = (err: unknown, offset: number, answered: ReadonlyArray<BatchGeocodeResult | undefined>) =>
      inWholeList(err, 'addresses', offset, joinGeocodes(answered));
    return joinGeocodes(await runSplit(addresses, BATCH_SIZE, send, options, failure));
  }

  /**
   * Suggestions for `q` (3..100 characters, 3 not spaces); `lat`/`lng` rank nearer places first, enable "near me".
   * A `q` that is not a string (`autocomplete({ q, limit })`) throws InvalidInputError before anything is sent.
   */
  async autocomplete(
    q: string,
    query: Omit<AutocompleteQuery, 'q'> = {},
    options?: CallOptions,
  ): Promise<AutocompleteResult> {
    checkText(q, 'q');
    return this.data({ method: 'GET', path: '/v1/geopin/autocomplete', query: { ...query, q }, ...options });
  }

  /** Geopin → its cell centre and the pincode boundary holding it (`found: false` in the sea). */
  async reverse(geopin: string, options?: CallOptions): Promise<ReverseResult> {
    checkText(geopin, 'geopin');
    return this.data({ method: 'POST', path: '/v1/geopin/reverse', body: { geopin }, ...options });
  }

  /** Point → geopin (inside the DIGIPIN grid, else 400 `latitude_out_of_range` / `longitude_out_of_range`). */
  coordinatesToGeopin(point: Point, options?: CallOptions): Promise<CoordinatesToGeopinResult> {
    return this.data({ method: 'POST', path: '/v1/geopin/coordinates-to-geopin', body: point, ...options });
  }

  /** Is this geopin well formed, and inside a pincode boundary? A malformed code is an answer, not an error. */
  async validateGeopin(geopin: string, options?: CallOptions): Promise<GeopinValidation> {
    checkText(geopin, 'geopin');
    return this.data({ method: 'GET', path: `/v1/geopin/validate/${encodeURIComponent(geopin)}`, ...options });
  }

  /** Format, existence, offices and delivery of a pincode; unknown ones answer `exists: false`, not an error. */
  async validatePincode(pincode: string, options?: CallOptions): Promise<PincodeValidation> {
    checkText(pincode, 'pincode');
    return this.data({ method: 'GET', path: `/v1/pincode/validate/${encodeURIComponent(pincode)}`, ...options });
  }

  /** India Post-compatible encode: `{digipin}`. */
  encode(point: Point, options?: CallOptions): Promise<EncodeResult> {
    return this.data({ method: 'GET', path: '/v1/geopin/encode', query: { ...point }, ...options });
  }

  /** India Post-compatible decode: the cell centre as 6-decimal strings. */
  async decode(geopin: string, options?: CallOptions): Promise<DecodeResult> {
    checkText(geopin, 'geopin');
    return this.data({ method: 'GET', path: '/v1/geopin/decode', query: { geopin }, ...options });
  }

  /** This key's plan, requests used this month, limit and rate limit (not counted, readable over quota). */
  usage(options?: CallOptions): Promise<Usage> {
    return this.data({ method: 'GET', path: '/v1/geopin/usage', ...options });
  }

  /** Counts of the server's loaded dataset. */
  stats(options?: CallOptions): Promise<Stats> {
    return this.data({ method: 'GET', path: '/v1/location/stats', ...options });
  }

  private async data<T>(spec: Omit<RequestSpec, 'idempotent'>): Promise<T> {
    return (await this.transport.request<{ data: T }>({ ...spec, idempotent: IDEMPOTENT })).data;
  }
}

/** The answers of a split lookup joined in input order; a request not answered (a failure's partial) is left out. */
function joinLookups(parts: ReadonlyArray<BatchLookupResult | undefined>): BatchLookupResult {
  const joined: BatchLookupResult = { results: [], found: 0, not_found: 0, invalid: 0 };
  parts.forEach((part, i) => {
    if (!part) return;
    for (const result of part.results) joined.results.push({ ...result, index: result.index + i * BATCH_SIZE });
    joined.found += part.found;
    joined.not_found += part.not_found;
    joined.invalid += part.invalid;
  });
  return joined;
}

/** The answers of a split geocode joined in input order, as joinLookups. */
function joinGeocodes(parts: ReadonlyArray<BatchGeocodeResult | undefined>): BatchGeocodeResult {
  const joined: BatchGeocodeResult = { results: [], succeeded: 0, failed: 0 };
  parts.forEach((part, i) => {
    if (!part) return;
    for (const result of part.results) joined.results.push({ ...result, index: result.index + i * BATCH_SIZE });
    joined.succeeded += part.succeeded;
    joined.failed += part.failed;
  });
  return joined;
}

/** Only the per-call fields of batch options go into each request. */
function call(options: BatchOptions): CallOptions {
  return { timeoutMs: options.timeoutMs, signal: options.signal };
}
