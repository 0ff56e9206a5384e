// Per-polygon answers serialised once: a point lookup splices its polygon's cached JSON instead of building and stringifying objects.
import type { LocationInfo } from './location-api.ts';

/** The document's six strings: empty where the data has no value, delivery in the directory's words. */
export function documentLocation(info: LocationInfo) {
  return {
    state: info.state ?? '', district: info.district ?? '', division: info.division ?? '', locality: info.locality ?? '',
    pincode: info.pincode, delivery: info.delivery ? ('Delivery' as const) : ('Non Delivery' as const),
  };
}

/** One member of documentLocation(info), without making the object. */
function documentValue(info: LocationInfo, name: keyof ReturnType<typeof documentLocation>): string {
  if (name === 'delivery') return info.delivery ? 'Delivery' : 'Non Delivery';
  return info[name] ?? '';
}

/** The document's member names in documentLocation's order, each with the text before its value: `"state":"` … */
const MEMBERS = Object.keys(documentLocation({ state: '', district: '', division: '', locality: '', pincode: '', delivery: true })).map(
  (name, i) => ({ name: name as keyof ReturnType<typeof documentLocation>, before: `${i === 0 ? '' : '",'}"${name}":"` }),
);

/** Characters JSON.stringify escapes inside a string (quote, backslash, controls) and surrogates, which it may escape. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * Writes the members of documentLocation(info)'s JSON, as JSON.stringify writes them, at `at` of `out` (or only measures
 * them when `out` is null); returns their UTF-8 length. Only a value that needs escaping makes a new string.
 */
function writeMembers(info: LocationInfo, out: Buffer | null, at: number): number {
  let n = 0;
  for (const { name, before } of MEMBERS) {
    const value = documentValue(info, name);
    const text = NEEDS_ESCAPE.test(value) ? JSON.stringify(value).slice(1, -1) : value;
    n += out ? out.write(before, at + n, 'latin1') : before.length;
    n += out ? out.write(text, at + n, 'utf8') : Buffer.byteLength(text, 'utf8');
  }
  return n + (out ? out.write('"', at + n, 'latin1') : 1);
}

export class PolygonAnswers {
  private readonly fragments: Array<string | undefined>;

  /** `make` writes polygon `id`'s fragment (ids 0..count-1); each is made on first use and kept. */
  private constructor(
    count: number,
    private readonly make: (id: number) => string,
    private readonly locationOf: ((id: number) => LocationInfo) | null,
  ) {
    this.fragments = new Array<string | undefined>(count);
  }

  /** Answers of `count` polygons whose administrative facts `locationOf` gives. */
  static of(count: number, locationOf: (id: number) => LocationInfo): PolygonAnswers {
    return new PolygonAnswers(count, (id) => JSON.stringify(documentLocation(locationOf(id))).slice(1, -1), locationOf);
  }

  /** Answers over another thread's `shared()` memory: a fragment is decoded the first time a lookup needs it. */
  static fromShared(memory: SharedArrayBuffer): PolygonAnswers {
    const count = new Int32Array(memory, 0, 1)[0]!;
    const offsets = new Int32Array(memory, 4, count + 1);
    const base = 4 * (count + 2);
    return new PolygonAnswers(count, (id) => Buffer.from(memory, base + offsets[id]!, offsets[id + 1]! - offsets[id]!).toString('utf8'), null);
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
   * for the process, and no thread keeps the strings of polygons it never answers for. The fragments are written straight
   * into the block: a burst of 19,312 strings would grow the young generation (and the RSS) by tens of MiB for good.
   */
  shared(): SharedArrayBuffer {
    const locationOf = this.locationOf;
    if (!locationOf) throw new Error('shared(): these answers are already a shared copy');
    const count = this.fragments.length;
    const base = 4 * (count + 2);
    const offsets = new Int32Array(count + 1);
    for (let id = 0; id < count; id++) offsets[id + 1] = offsets[id]! + writeMembers(locationOf(id), null, 0);
    const memory = new SharedArrayBuffer(base + offsets[count]!);
    new Int32Array(memory, 0, 1)[0] = count;
    new Int32Array(memory, 4, count + 1).set(offsets);
    const bytes = Buffer.from(memory, base);
    for (let id = 0; id < count; id++) writeMembers(locationOf(id), bytes, offsets[id]!);
    return memory;
  }
}
