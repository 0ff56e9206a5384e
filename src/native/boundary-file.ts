// Writes and reads the versioned boundary binary through the native core, so the format lives in one place (geo-core format.rs).
import { callNative, native } from './addon.ts';

/** Flat offset tables describing polygons -> parts -> rings -> vertices (rings open, no closing vertex). */
export interface BoundaryTables {
  /** polygonParts[i]..polygonParts[i+1] are polygon i's parts; length polygons+1, starts at 0. */
  polygonParts: Uint32Array;
  /** partRings[j]..partRings[j+1] are part j's rings, outer ring first; length parts+1. */
  partRings: Uint32Array;
  /** ringVertices[k]..ringVertices[k+1] are ring k's vertices (>= 3); length rings+1. */
  ringVertices: Uint32Array;
  /** Interleaved lon, lat in integer microdegrees (1e-6°). */
  coordsE6: Int32Array;
}

/** Validates and writes the tables; throws GeoError E_BAD_DATA naming the broken table. */
export function writeBoundaryFile(path: string, tables: BoundaryTables): void {
  callNative(() =>
    native.writeBoundaryFile(path, tables.polygonParts, tables.partRings, tables.ringVertices, tables.coordsE6),
  );
}

/** Reads and verifies a boundary file back into its tables (for tools and test oracles). */
export function readBoundaryFile(path: string): BoundaryTables {
  return callNative(() => native.readBoundaryFile(path));
}
