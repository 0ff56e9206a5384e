// Writes and reads the versioned boundary binary through the native core, so the format lives in one place (geo-core format.rs).
import type { BoundaryTables } from '../../crates/geo-node/index.d.ts';
import { callNative, native } from './addon.ts';

/**
 * Flat offset tables describing polygons -> parts -> rings -> vertices (rings open, no closing vertex): polygonParts[i..i+1]
 * are polygon i's parts, partRings[j..j+1] part j's rings (outer first), ringVertices[k..k+1] ring k's vertices (>= 3),
 * coordsE6 interleaved lon, lat in integer microdegrees. The type is the generated one.
 */
export type { BoundaryTables } from '../../crates/geo-node/index.d.ts';

/** The boundary file format version the native core reads and writes (a file of any other version is refused). */
export const BOUNDARY_FORMAT_VERSION: number = native.BOUNDARY_FORMAT_VERSION;

/** Validates the tables, prepares the lookup grid and bands, and writes the file; throws GeoError E_BAD_DATA naming the broken table. */
export function writeBoundaryFile(path: string, tables: BoundaryTables): void {
  callNative(() =>
    native.writeBoundaryFile(path, tables.polygonParts, tables.partRings, tables.ringVertices, tables.coordsE6),
  );
}

/** Reads and verifies a boundary file back into its tables (for tools and test oracles). */
export function readBoundaryFile(path: string): BoundaryTables {
  return callNative(() => native.readBoundaryFile(path));
}
