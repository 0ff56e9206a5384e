// /v1/geopin/* routes: geocode (single and batch), coordinates <-> geopin, autocomplete, validation, official-compatible encode/decode.
import { decode, decodeOfficial, encode, hyphenate } from '../native/digipin.ts';
import { GeoError } from '../native/addon.ts';
import { DomainError } from '../kernel/errors.ts';
import { defineRoute, routesWith, type RouteDef } from '../http/route.ts';
import { isNearMeQuery } from './near-me-words.ts';
import { round6 } from './geo-math.ts';
import { documentLocation } from './polygon-answers.ts';
import type { BatchPayer } from './location-api.ts';
import type { LocationService } from './location-service.ts';
import {
  AddressSchema,
  AutocompleteAnswerSchema,
  BATCH_BODY_BYTES,
  AutocompleteQuerySchema,
  GridCoordinatesSchema,
  DecodeQuerySchema,
  EncodeQuerySchema,
  GeocodeAnswerSchema,
  GeocodeBatchAnswerSchema,
  GeocodeBatchSchema,
  GeopinAnswerSchema,
  GeopinParamSchema,
  GeopinQuerySchema,
  GeopinValidationSchema,
  InvalidItem,
  OfficialDecodeSchema,
  OfficialEncodeSchema,
  ReverseAnswerSchema,
  type Address,
} from './schemas.ts';

/** Geocodes one address or throws the DomainError a single request (or a batch item) answers with. */
function geocodeOne(service: LocationService, a: Address) {
  const r = service.geocode({ address: a.address, city: a.city, state: a.state, pincode: a.pincode });
  if (!r)
    throw new DomainError(
      'not_found',
      'address_not_found',
      'Nothing in the address matched a pincode, locality, post office, district or state',
    );
  return {
    geopin: r.geopin,
    coordinates: { latitude: r.latitude, longitude: r.longitude },
    address: r.formatted,
    confidence: r.confidence,
    level: r.level,
    match_level: r.match_level,
    pincode: r.pincode,
    district: r.district,
    state: r.state,
    components: r.components,
    warnings: r.warnings,
    suggestions: r.suggestions,
  };
}

/** Decodes a geopin to its cell centre, or throws GeoError (-> 400 with the official message). */
function centreOf(geopin: string): { latitude: number; longitude: number; normalized: string } {
  const { lat, lon } = decode(geopin);
  return {
    latitude: round6(lat),
    longitude: round6(lon),
    normalized: hyphenate(geopin.replaceAll('-', '').toUpperCase()),
  };
}

/** `onBatch` hears the size of every batch (metrics). */
export function geopinRoutes(
  service: LocationService,
  onBatch: (route: string, items: number) => void = () => undefined,
): RouteDef[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/geopin/geocode',
      tag: 'geocoding',
      auth: 'api_key',
      publicKeys: true,
      body: AddressSchema,
      response: GeocodeAnswerSchema,
      summary: 'Geocode an Indian address to a point and its geopin',
      errors: { 404: 'Nothing in the address could be placed' },
      description:
        'Pincode first, then post-office/locality names within it, then district, then state; `confidence` reflects the level matched.',
      handle: ({ body }) => geocodeOne(service, body),
    }),
    routesWith<BatchPayer>()({
      method: 'post',
      path: '/v1/geopin/batch',
      tag: 'geocoding',
      auth: 'api_key',
      body: GeocodeBatchSchema,
      response: GeocodeBatchAnswerSchema,
      summary:
        'Geocode up to 100 addresses; each item succeeds or fails on its own (a batch counts as one request per item)',
      errors: { 429: 'The key has fewer requests left (per second or this month) than the batch has items' },
      maxBodyBytes: BATCH_BODY_BYTES,
      batch: true,
      handle: async ({ auth, body, head }) => {
        await auth.charge(body.addresses.length, head);
        onBatch('/v1/geopin/batch', body.addresses.length);
        const results = body.addresses.map((item, index) => {
          try {
            if (item instanceof InvalidItem) throw new DomainError('invalid', 'invalid_item', item.message);
            return { index, success: true as const, data: geocodeOne(service, item) };
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            return { index, success: false as const, error: { code: err.code, message: err.message } };
          }
        });
        const succeeded = results.filter((r) => r.success).length;
        return { results, succeeded, failed: results.length - succeeded };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/geopin/coordinates-to-geopin',
      tag: 'geopin',
      auth: 'api_key',
      publicKeys: true,
      body: GridCoordinatesSchema,
      response: GeopinAnswerSchema,
      summary: 'Encode coordinates as a geopin (DIGIPIN)',
      handle: ({ body }) => ({ geopin: encode(body.latitude, body.longitude), coordinates: body }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/geopin/reverse',
      tag: 'geopin',
      auth: 'api_key',
      body: GeopinQuerySchema,
      response: ReverseAnswerSchema,
      summary: 'Geopin to its cell centre and the pincode boundary containing it',
      handle: ({ body }) => {
        const c = centreOf(body.geopin);
        const location = service.lookup(c.latitude, c.longitude);
        return {
          geopin: c.normalized,
          coordinates: { latitude: c.latitude, longitude: c.longitude },
          found: location !== null,
          location: location && documentLocation(location),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/geopin/autocomplete',
      tag: 'geocoding',
      auth: 'api_key',
      publicKeys: true,
      query: AutocompleteQuerySchema,
      response: AutocompleteAnswerSchema,
      summary:
        'Place suggestions by name prefix (typo-tolerant), biased to ~50 km of lat/lng; "near me" returns the closest places',
      handle: ({ query }) => {
        const nearMe = isNearMeQuery(query.q);
        if (nearMe && query.lat === undefined) {
          throw new DomainError('invalid', 'location_required', 'A "near me" query needs lat and lng');
        }
        const results = service.autocomplete(
          { q: query.q, limit: query.limit ?? 5, lat: query.lat, lon: query.lng },
          nearMe,
        );
        return { query: query.q.trim(), near_me: nearMe, results };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/geopin/validate/{geopin}',
      tag: 'geopin',
      auth: 'api_key',
      params: GeopinParamSchema,
      response: GeopinValidationSchema,
      summary: 'Is the geopin well formed, and does it fall inside a pincode boundary?',
      handle: ({ params }) => {
        let c: ReturnType<typeof centreOf>;
        try {
          c = centreOf(params.geopin);
        } catch (err) {
          if (!(err instanceof GeoError)) throw err;
          return {
            geopin: params.geopin,
            valid_format: false,
            normalized: null,
            maps_to_location: false,
            coordinates: null,
            location: null,
            message: err.message,
          };
        }
        const location = service.lookup(c.latitude, c.longitude);
        return {
          geopin: params.geopin,
          valid_format: true,
          normalized: c.normalized,
          maps_to_location: location !== null,
          coordinates: { latitude: c.latitude, longitude: c.longitude },
          location: location && documentLocation(location),
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/geopin/encode',
      tag: 'official-compatible',
      auth: 'api_key',
      query: EncodeQuerySchema,
      response: OfficialEncodeSchema,
      summary: 'Official-compatible DIGIPIN encode: {digipin} at the top level (and in data)',
      envelope: 'official',
      official: true,
      handle: ({ query }) => ({ digipin: encode(query.latitude, query.longitude) }),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/geopin/decode',
      tag: 'official-compatible',
      auth: 'api_key',
      publicKeys: true,
      query: DecodeQuerySchema,
      response: OfficialDecodeSchema,
      summary:
        'Official-compatible DIGIPIN decode: {latitude, longitude} as 6-decimal strings at the top level (and in data)',
      envelope: 'official',
      official: true,
      handle: ({ query }) => {
        // Aliases: when both are sent, both must be DIGIPINs (the answer is geopin's), so a bad one is never silently ignored.
        if (query.geopin !== undefined && query.digipin !== undefined) decodeOfficial(query.digipin);
        return decodeOfficial((query.geopin ?? query.digipin)!);
      },
    }),
  ];
}
