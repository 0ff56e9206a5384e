// Typed wrapper over the native pincode boundary index: open once per process (threads share it), look up points by polygon id.
import type { BoundaryIndex as NativeBoundaryIndex, PolygonOutline } from '../../crates/geo-node/index.d.ts';
import { callNative, GeoError, native } from './addon.ts';

/** Items in one batch the native answer reads (geo-core batch_json MAX_ITEMS). */
const MAX_BATCH_ITEMS = 100;
/** An item's answer besides its polygon's fragment, generously: index, flags, coordinates, geopin or error. */
const ITEM_BYTES = 256;

/**
 * Point-in-polygon over the boundary binary. Ids are positions in the file (= rows of the gazetteer's
 * `boundaries` table); -1 means outside every polygon. A point on a shared edge belongs to the polygon
 * east of it (north of it for an east-west edge); where polygons overlap, the lowest id wins.
 *
 * The file is mapped, not decoded: opening costs a checksum pass, and every open of the same file in this
 * process (main thread or any worker thread) shares one loaded instance, freed when no thread holds it.
 */
export class BoundaryIndex {
  /** The native handle's place in this thread's table: the hot lookup is a plain native function of numbers. */
  private readonly slot: number;
  /** Where answerBatch and answerOne write (reused: an answer is sent before the next is written); see output(). */
  private answerBytes: Buffer | null = null;
  /** answerOne's views of answerBytes, by length. */
  private readonly views: Buffer[] = [];

  private constructor(private readonly inner: NativeBoundaryIndex) {
    this.slot = inner.slot;
  }

  /** Maps and verifies the file (magic, version, length, checksum), or reuses this process's open instance of it; throws GeoError E_BAD_DATA / E_VERSION_MISMATCH / E_IO. */
  static open(path: string): BoundaryIndex {
    if (typeof path !== 'string') throw new GeoError('E_INVALID_ARGUMENT', 'path must be a string');
    return new BoundaryIndex(callNative(() => native.BoundaryIndex.open(path)));
  }

  /** Polygon id containing (lat, lon), or -1 (also for NaN). */
  lookup(lat: number, lon: number): number {
    return native.lookupIn(this.slot, lat, lon);
  }

  /** One native call for `[lon0, lat0, lon1, lat1, …]`; -1 per miss. Throws E_BAD_BATCH on odd length. */
  lookupMany(lonLat: Float64Array): Int32Array {
    return callNative(() => this.inner.lookupMany(lonLat));
  }

  /**
   * Attaches each polygon's answer fragment (`"state":…,"delivery":…`), laid end to end in `fragments`; `ends[id]` is
   * where polygon id's ends. Handles of the same file in other threads get them too. Throws E_BAD_BATCH unless there is
   * one per polygon.
   */
  attachAnswers(fragments: Uint8Array, ends: Uint32Array): void {
    callNative(() => this.inner.attachAnswers(fragments, ends));
    // Sized again for the new fragments by the next answer.
    this.answerBytes = null;
    this.views.length = 0;
  }

  /** True once this handle has every polygon's answer (attached here, or by a handle of the same file in any thread). */
  get hasAnswers(): boolean {
    return this.output() !== null;
  }

  /** The buffer answers are written to, made the first time there are answers; null before. */
  private output(): Buffer | null {
    if (this.answerBytes === null && callNative(() => this.inner.hasAnswers)) {
      const longest = callNative(() => this.inner.longestAnswer);
      this.answerBytes = Buffer.allocUnsafeSlow(MAX_BATCH_ITEMS * (longest + ITEM_BYTES) + ITEM_BYTES);
    }
    return this.answerBytes;
  }

  /**
   * A batch lookup's request body answered in one native call: its item count and the whole answer, or null where the
   * service's general route must answer (anything but plain coordinates and geopins; see geo-core's batch_json.rs).
   * The answer is a view of one buffer this handle reuses: valid until its next answer.
   */
  answerBatch(body: Uint8Array): { items: number; json: Buffer } | null {
    const out = this.output();
    if (out === null) return null;
    const answer = callNative(() => this.inner.answerBatch(body, out));
    return answer && { items: answer.items, json: out.subarray(0, answer.bytes) };
  }

  /**
   * A single lookup's request body answered in one native call, or null where the service's general route must answer
   * (anything but plain coordinates or a geopin, a point outside every polygon; see geo-core's batch_json.rs). The
   * answer is a view of the buffer answerBatch writes too: valid until this handle's next answer.
   */
  answerOne(body: Uint8Array): Buffer | null {
    const out = this.output();
    if (out === null) return null;
    const length = native.answerIn(this.slot, body, out);
    if (length < 0) return null;
    // Answers are a few hundred bytes long: a view per length, made once, instead of one per answer.
    return (this.views[length] ??= out.subarray(0, length));
  }

  /** Polygon `id`'s stored parts and rings (lon/lat pairs in 1e-6 degrees, rings open), or null for an unknown id. */
  outline(id: number): PolygonOutline | null {
    if (!Number.isInteger(id) || id < 0) return null;
    return callNative(() => this.inner.outline(id));
  }

  /** Ids of polygons one of whose parts' bounding boxes meets the box (degrees), ascending. */
  polygonsInBox(minLon: number, minLat: number, maxLon: number, maxLat: number): Uint32Array {
    return callNative(() => this.inner.polygonsInBox(minLon, minLat, maxLon, maxLat));
  }

  /** Number of polygons. */
  get size(): number {
    return this.inner.size;
  }

  /** Number of vertices loaded. */
  get vertexCount(): number {
    return this.inner.vertexCount;
  }

  /** Size of the mapped file image (coordinates, grid, bands); resident only as far as lookups touched it. */
  get memoryBytes(): number {
    return this.inner.memoryBytes;
  }

  /** Process-unique number of the loaded instance: every handle sharing one load (in any thread) reports the same. */
  get instanceId(): number {
    return this.inner.instanceId;
  }

  /** Live handles in this process, in any thread, sharing the loaded instance (this one included). */
  get handleCount(): number {
    return this.inner.handleCount;
  }
}
