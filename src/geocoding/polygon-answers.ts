// Per-polygon answers serialised once: a point lookup splices its polygon's cached JSON instead of building and stringifying objects.
import type { LocationInfo } from './location-api.ts';

/** The document's six strings: empty where the data has no value, delivery in the directory's words. */
export function documentLocation(info: LocationInfo) {
  return {
    state: info.state ?? '', district: info.district ?? '', division: info.division ?? '', locality: info.locality ?? '',
    pincode: info.pincode, delivery: info.delivery ? ('Delivery' as const) : ('Non Delivery' as const),
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

  /** Answers over another thread's `shared()` memory: a fragment is decoded the first time a lookup needs it. */
  static fromShared(memory: SharedArrayBuffer): PolygonAnswers {
    const count = new Int32Array(memory, 0, 1)[0]!;
    const offsets = new Int32Array(memory, 4, count + 1);
    const base = 4 * (count + 2);
    return new PolygonAnswers(count, (id) => Buffer.from(memory, base + offsets[id]!, offsets[id + 1]! - offsets[id]!).toString('utf8'));
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

  /**
   * Every fragment as UTF-8 in one block of shared memory ([count][count+1 offsets][bytes]), for worker threads: one copy
   * for the process, and no thread keeps the strings of polygons it never answers for.
   */
  shared(): SharedArrayBuffer {
    const count = this.fragments.length;
    const texts = Array.from({ length: count }, (_v, id) => Buffer.from(this.fragments[id] ?? this.make(id)));
    const base = 4 * (count + 2);
    const memory = new SharedArrayBuffer(base + texts.reduce((sum, t) => sum + t.length, 0));
    const header = new Int32Array(memory, 0, count + 2);
    header[0] = count;
    let at = 0;
    texts.forEach((text, id) => {
      header[id + 1] = at;
      new Uint8Array(memory, base + at, text.length).set(text);
      at += text.length;
    });
    header[count + 1] = at;
    return memory;
  }
}
