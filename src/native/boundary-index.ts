// Typed wrapper over the native pincode boundary index: open once, look up points by polygon id.
import type { BoundaryIndex as NativeBoundaryIndex } from '../../crates/geo-node/index.d.ts';
import { callNative, GeoError, native } from './addon.ts';

/**
 * Point-in-polygon over the boundary binary. Ids are positions in the file (= rows of the gazetteer's
 * `boundaries` table); -1 means outside every polygon. A point on a shared edge belongs to the polygon
 * east of it (north of it for an east-west edge); where polygons overlap, the lowest id wins.
 */
export class BoundaryIndex {
  private constructor(private readonly inner: NativeBoundaryIndex) {}

  /** Loads and verifies the file (magic, version, checksum); throws GeoError E_BAD_DATA / E_VERSION_MISMATCH / E_IO. */
  static open(path: string): BoundaryIndex {
    if (typeof path !== 'string') throw new GeoError('E_INVALID_ARGUMENT', 'path must be a string');
    return new BoundaryIndex(callNative(() => native.BoundaryIndex.open(path)));
  }

  /** Polygon id containing (lat, lon), or -1 (also for NaN). */
  lookup(lat: number, lon: number): number {
    return this.inner.lookup(lat, lon);
  }

  /** One native call for `[lon0, lat0, lon1, lat1, …]`; -1 per miss. Throws E_BAD_BATCH on odd length. */
  lookupMany(lonLat: Float64Array): Int32Array {
    return callNative(() => this.inner.lookupMany(lonLat));
  }

  /** Number of polygons. */
  get size(): number {
    return this.inner.size;
  }

  /** Number of vertices loaded. */
  get vertexCount(): number {
    return this.inner.vertexCount;
  }

  /** Bytes held natively (coordinates, acceleration structures, R-tree). */
  get memoryBytes(): number {
    return this.inner.memoryBytes;
  }
}
