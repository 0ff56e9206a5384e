// Helpers for the data pipeline tests: temp dirs, sample features, hashing, and boundary tables as GeoJSON.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';
import type { BoundaryTables } from '../../src/native/boundary-file.ts';
import { sampleDir } from '../../src/dataset/paths.ts';
import type { Entry } from '../../src/dataset/place-entries.ts';
import { tokenize } from '../../src/geocoding/normalise.ts';
import { KIND, OFFICE_TYPE } from '../../src/geocoding/place-index.ts';

/** A fresh temp directory and its cleanup. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `geopin-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The committed sample's boundary features, in file order. */
export function sampleFeatures(): Feature<Polygon | MultiPolygon, Record<string, string | null>>[] {
  const text = gunzipSync(readFileSync(join(sampleDir, 'pincode_boundaries.ndjson.gz'))).toString('utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Feature<Polygon | MultiPolygon, Record<string, string | null>>);
}

/** Writes features (or raw lines) as a gzipped NDJSON boundary file into `dir`. */
export function writeNdjson(dir: string, features: (object | string)[]): string {
  const path = join(dir, 'pincode_boundaries.ndjson.gz');
  const lines = features.map((f) => (typeof f === 'string' ? f : JSON.stringify(f)));
  writeFileSync(path, gzipSync(`${lines.join('\n')}\n`));
  return path;
}

/** sha256 of a file's bytes. */
export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Polygon `id` of the boundary tables as GeoJSON (rings closed again), for turf. */
export function polygonGeoJSON(tables: BoundaryTables, id: number): MultiPolygon {
  const coordinates: Position[][][] = [];
  for (let p = tables.polygonParts[id]!; p < tables.polygonParts[id + 1]!; p++) {
    const rings: Position[][] = [];
    for (let r = tables.partRings[p]!; r < tables.partRings[p + 1]!; r++) rings.push(ringPositions(tables, r));
    coordinates.push(rings);
  }
  return { type: 'MultiPolygon', coordinates };
}

/** Ring `r` as closed [lon, lat] positions in degrees. */
export function ringPositions(tables: BoundaryTables, r: number): Position[] {
  const ring: Position[] = [];
  for (let v = tables.ringVertices[r]!; v < tables.ringVertices[r + 1]!; v++) {
    ring.push([tables.coordsE6[2 * v]! / 1e6, tables.coordsE6[2 * v + 1]! / 1e6]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Twice the signed area of a closed ring (positive = counter-clockwise). */
export function signedArea2(ring: Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum;
}

/** A place entry named `name` (a gazetteer point's locality in Bengaluru unless `fields` say otherwise). */
export function placeEntry(name: string, fields: Partial<Entry> = {}): Entry {
  return {
    name,
    tokens: tokenize(name),
    aliasKeys: [],
    aliasTokens: [],
    kind: KIND.locality,
    officeType: OFFICE_TYPE.POINT,
    pin: 1,
    area: 1,
    lat: 12.9,
    lon: 77.6,
    importance: 0.3,
    prominence: 0,
    ...fields,
  };
}
