// Per-polygon answers serialised once: a point lookup splices its polygon's cached JSON instead of building and stringifying objects.
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

export class PolygonAnswers {
  private readonly fragments: Array<string | undefined>;

  /** `make` writes polygon `id`'s fragment (ids 0..count-1); each is made on first use and kept. */
  private constructor(
    count: number,
    private readonly make: (id: number) => string,
  ) {
    this.fragments = new Array<string | undefined>(count);
  }

  /** Answers of `count` polygons whose administrative facts `locationOf` gives. */
  static of(count: number, locationOf: (id: number) => LocationInfo): PolygonAnswers {
    return new PolygonAnswers(count, (id) => JSON.stringify(documentLocation(locationOf(id))).slice(1, -1));
  }

  /** Every polygon's fragment end to end as UTF-8, and where each ends (for the native batch answer). */
  laidOut(): { bytes: Buffer; ends: Uint32Array } {
    const ends = new Uint32Array(this.fragments.length);
    const pieces = new Array<Buffer>(this.fragments.length);
    let end = 0;
    for (let id = 0; id < pieces.length; id++) {
      pieces[id] = Buffer.from(this.fragments[id] ?? this.make(id));
      ends[id] = end += pieces[id]!.length;
    }
    return { bytes: Buffer.concat(pieces, end), ends };
  }

  /** `"state":…,"delivery":…` of polygon `id`: the members of documentLocation's JSON object, without braces. */
  fragment(id: number): string {
    let text = this.fragments[id];
    if (text === undefined) {
      text = this.make(id);
      this.fragments[id] = text;
    }
    return text;
  }
}
