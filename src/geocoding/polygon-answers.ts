// Per-polygon answers serialised once: the native lookup answers splice their polygon's JSON instead of building objects.
import type { LocationInfo } from './location-api.ts';

/** The document's six strings: empty where the data has no value, delivery in the directory's words. */
export function documentLocation(info: LocationInfo) {
  return {
    state: info.state ?? '',
    district: info.district ?? '',
    division: info.division ?? '',
    locality: info.locality ?? '',
    pincode: info.pincode,
    delivery: info.delivery ? ('Delivery' as const) : ('Non Delivery' as const),
  };
}

/** Each polygon's answer members, for the lookups the addon answers from the request's bytes (lookup-lane.ts). */
export class PolygonAnswers {
  /** `make` writes polygon `id`'s fragment (ids 0..count-1). */
  private constructor(
    private readonly count: number,
    private readonly make: (id: number) => string,
  ) {}

  /** Answers of `count` polygons whose administrative facts `locationOf` gives. */
  static of(count: number, locationOf: (id: number) => LocationInfo): PolygonAnswers {
    return new PolygonAnswers(count, (id) => JSON.stringify(documentLocation(locationOf(id))).slice(1, -1));
  }

  /**
   * Every polygon's fragment end to end as UTF-8, and where each ends: `"state":…,"delivery":…`, the members of
   * documentLocation's JSON object without braces.
   */
  laidOut(): { bytes: Buffer; ends: Uint32Array } {
    const ends = new Uint32Array(this.count);
    const pieces = new Array<string>(this.count);
    let end = 0;
    for (let id = 0; id < this.count; id++) {
      pieces[id] = this.make(id);
      ends[id] = end += Buffer.byteLength(pieces[id]!);
    }
    return { bytes: Buffer.from(pieces.join('')), ends };
  }
}
