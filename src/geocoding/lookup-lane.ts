// The hot lookups' own lane on the transport, beside the general route model: POST /v1/location/lookup and
// /batch-lookup answered from the request's bytes and each polygon's cached JSON. A body it does not take, and every
// refusal, goes the general way (point-routes.ts), so both answer alike; lookup-lane.test.ts holds them to it.
import { JSON_ONLY, type Reply } from '../http/envelope.ts';
import { decodeBody, PARSE_FIRST_CHARS } from '../http/json-body.ts';
import type { Endpoint } from '../http/pipeline.ts';
import type { RequestHead } from '../http/request.ts';
import type { Authenticated } from '../http/route.ts';
import type { BoundaryIndex } from '../native/boundary-index.ts';
import { encodeMany, encodeOrNull } from '../native/digipin.ts';
import { acceptCoordinates, acceptCoordinatesBytes, acceptLocations } from './fast-accept.ts';
import type { BatchPayer } from './location-api.ts';
import type { PolygonAnswers } from './polygon-answers.ts';
import { BATCH_LOOKUP_PATH, LOOKUP_PATH } from './point-routes.ts';

export interface LookupLaneDeps {
  /** The general endpoints of both routes: they authenticate, and answer every body the lane does not take. */
  general: Endpoint[];
  /** The request headers the routes' authenticator reads (the lane captures only these). */
  authReads: readonly string[];
  /** The native index (opened by the first lookup). */
  index(): BoundaryIndex;
  answers: PolygonAnswers;
  onBatch(route: string, items: number): void;
}

const JSON_TYPE = JSON_ONLY['content-type']!;

/** The two lookup endpoints of the lane, to register on the transport in place of the general ones. */
export function lookupLane(d: LookupLaneDeps): Endpoint[] {
  const single = generalOf(d.general, LOOKUP_PATH);
  const batch = generalOf(d.general, BATCH_LOOKUP_PATH);
  let index: BoundaryIndex | null = null;
  const opened = () => (index ??= d.index());
  const lane = (general: Endpoint): Endpoint => ({
    ...general, capture: { headers: d.authReads, peer: false, query: false },
  });

  return [
    {
      ...lane(single),
      readsBytes: true,
      finish(head, granted, body) {
        const point = typeof body === 'string' ? acceptCoordinates(parseSmall(body)) : acceptCoordinatesBytes(body) ?? acceptCoordinates(parseSmall(decodeBody(body)));
        const id = point === undefined ? -1 : opened().lookup(point.latitude, point.longitude);
        // Outside every polygon, or not plainly coordinates: the general route words the answer or the refusal.
        if (id < 0) return single.finish(head, granted, body);
        const { latitude, longitude } = point!;
        return answered(head, granted, `{"success":true,"data":{${d.answers.fragment(id)},${pointJson(latitude, longitude, encodeOrNull(latitude, longitude))}}}`);
      },
    },
    {
      ...lane(batch),
      finish(head, granted, body) {
        const text = typeof body === 'string' ? body : decodeBody(body);
        const locations = acceptLocations(parseSmall(text))?.locations;
        if (locations === undefined) return batch.finish(head, granted, text);
        let charged: void | Promise<void>;
        try {
          charged = (granted.principal as BatchPayer).charge(locations.length, head);
        } catch (err) {
          return batch.reject(head, granted, err);
        }
        const answer = (): Reply => {
          d.onBatch(BATCH_LOOKUP_PATH, locations.length);
          return answered(head, granted, `{"success":true,"data":${batchJson(locations, opened(), d.answers)}}`);
        };
        return charged instanceof Promise ? charged.then(answer, (err: unknown) => batch.reject(head, granted, err)) : answer();
      },
    },
  ];
}

function generalOf(general: Endpoint[], path: string): Endpoint {
  const found = general.find((e) => e.method === 'post' && e.path === path);
  if (!found) throw new Error(`lookup lane: no general endpoint for POST ${path}`);
  return found;
}

/** A 200 as the general route writes it (the grant's headers after the JSON type); the grant hears it was answered. */
function answered(head: RequestHead, granted: Authenticated, body: string): Reply {
  granted.answered?.(head);
  return { status: 200, headers: granted.headers ? { 'content-type': JSON_TYPE, ...granted.headers } : JSON_ONLY, body };
}

/** A small body parsed without the depth scan (a shape the fast checks take is flat); anything else: undefined. */
function parseSmall(text: string): unknown {
  if (text.length > PARSE_FIRST_CHARS) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `"coordinates":{…},"geopin":…`: numbers print as JSON.stringify prints them; a geopin's symbols need no escaping. */
function pointJson(latitude: number, longitude: number, geopin: string | null): string {
  return `"coordinates":{"latitude":${latitude},"longitude":${longitude}},"geopin":${geopin === null ? 'null' : `"${geopin}"`}`;
}

/** A batch of plain coordinates, answered with ONE native lookupMany and one encodeMany call. */
function batchJson(locations: Array<{ latitude: number; longitude: number }>, index: BoundaryIndex, answers: PolygonAnswers): string {
  const n = locations.length;
  const lonLat = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    lonLat[2 * i] = locations[i]!.longitude;
    lonLat[2 * i + 1] = locations[i]!.latitude;
  }
  const ids = index.lookupMany(lonLat);
  const geopins = encodeMany(lonLat);
  let found = 0;
  let results = '';
  for (let i = 0; i < n; i++) {
    const latitude = lonLat[2 * i + 1]!;
    const longitude = lonLat[2 * i]!;
    const id = ids[i]!;
    const point = pointJson(latitude, longitude, geopins[i]!);
    const item = id < 0 ? `{"index":${i},"found":false,${point}}` : `{"index":${i},"found":true,${answers.fragment(id)},${point}}`;
    if (id >= 0) found++;
    // Measured faster than collecting the pieces and joining them.
    results += i === 0 ? item : `,${item}`;
  }
  return `{"results":[${results}],"found":${found},"not_found":${n - found},"invalid":0}`;
}
