// Validates GeoJSON polygons and turns them into open integer-microdegree rings: outer CCW, holes CW.
import { DataError } from './feature.ts';
import type { Report } from './report.ts';

/** An open ring: interleaved lon, lat in microdegrees, >= 3 distinct vertices, no closing vertex. */
export type RingE6 = Int32Array;
/** A polygon part: outer ring first, then its holes. */
export type PartE6 = RingE6[];

/** Degrees to integer microdegrees, the rounding every output shares. */
export function toE6(degrees: number): number {
  return Math.round(degrees * 1e6);
}

/** Validates one Polygon/MultiPolygon geometry and returns its parts with fixed winding. */
export function processGeometry(geometry: unknown, where: string, report: Report): PartE6[] {
  const polygons = polygonsOf(geometry, where);
  const parts: PartE6[] = [];
  polygons.forEach((rings, p) => {
    const label = polygons.length > 1 ? `${where} part ${p + 1}` : where;
    if (!Array.isArray(rings) || rings.length === 0) throw new DataError(`${label}: polygon has no rings`);
    parts.push(processPart(rings, label, report));
  });
  return parts;
}

function polygonsOf(geometry: unknown, where: string): unknown[] {
  if (!geometry || typeof geometry !== 'object') throw new DataError(`${where}: missing geometry`);
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    throw new DataError(`${where}: geometry has no coordinates`);
  }
  if (type === 'Polygon') return [coordinates];
  if (type === 'MultiPolygon') return coordinates;
  throw new DataError(`${where}: geometry type ${String(type)} is not Polygon or MultiPolygon`);
}

function processPart(rings: unknown[], label: string, report: Report): PartE6 {
  const outer = cleanRing(rings[0], `${label} outer ring`, report);
  const outerArea = signedArea2(outer);
  if (outer.length < 6 || outerArea === 0) throw new DataError(`${label} outer ring: ${degenerate(outer)}`);
  const part: PartE6 = [outerArea > 0 ? outer : reverseKeepingFirst(outer, report, 'outer_rings_reversed_to_ccw')];
  for (let h = 1; h < rings.length; h++) {
    const where = `${label} hole ${h}`;
    const hole = cleanRing(rings[h], where, report);
    const area = signedArea2(hole);
    if (hole.length < 6 || area === 0) {
      report.skip('hole', where, degenerate(hole));
      continue;
    }
    part.push(area < 0 ? hole : reverseKeepingFirst(hole, report, 'holes_reversed_to_cw'));
  }
  return part;
}

function degenerate(ring: RingE6): string {
  const n = ring.length / 2;
  return n < 3 ? `degenerate ring with ${n} distinct vertices (needs >= 3)` : 'degenerate ring with zero area';
}

/** Rounds to microdegrees and drops the closing vertex and consecutive duplicates. */
function cleanRing(ring: unknown, where: string, report: Report): RingE6 {
  if (!Array.isArray(ring)) throw new DataError(`${where}: ring is not an array of positions`);
  const out: number[] = [];
  for (let i = 0; i < ring.length; i++) {
    const [lon, lat] = position(ring[i], `${where} vertex ${i + 1}`);
    const n = out.length;
    if (n >= 2 && out[n - 2] === lon && out[n - 1] === lat) continue;
    out.push(lon, lat);
  }
  while (out.length >= 4 && out[0] === out[out.length - 2] && out[1] === out[out.length - 1]) out.length -= 2;
  const closingAndDuplicates = ring.length - out.length / 2;
  if (closingAndDuplicates > 1) report.fix('duplicate_vertices_removed', closingAndDuplicates - 1);
  return Int32Array.from(out);
}

function position(value: unknown, where: string): [number, number] {
  if (!Array.isArray(value) || value.length < 2) throw new DataError(`${where}: not a [lon, lat] position`);
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number' || !Number.isFinite(lon) || !Number.isFinite(lat)) {
    const shown = (value as unknown[]).map((v) => (typeof v === 'number' ? String(v) : JSON.stringify(v)));
    throw new DataError(`${where}: non-finite coordinate [${shown.join(', ')}]`);
  }
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) throw new DataError(`${where}: coordinate ${lon},${lat} out of range`);
  return [toE6(lon), toE6(lat)];
}

/** Twice the signed area (positive = counter-clockwise), relative to the first vertex to keep products exact. */
export function signedArea2(ring: RingE6): number {
  const n = ring.length / 2;
  if (n < 3) return 0;
  const x0 = ring[0]!;
  const y0 = ring[1]!;
  let sum = 0;
  for (let i = 1; i < n - 1; i++) {
    const ax = ring[2 * i]! - x0;
    const ay = ring[2 * i + 1]! - y0;
    const bx = ring[2 * i + 2]! - x0;
    const by = ring[2 * i + 3]! - y0;
    sum += ax * by - bx * ay;
  }
  return sum;
}

/** Reverses the direction but keeps the start vertex, so a ring and its reverse normalise identically. */
function reverseKeepingFirst(ring: RingE6, report: Report, kind: string): RingE6 {
  report.fix(kind);
  const n = ring.length / 2;
  const out = new Int32Array(ring.length);
  out[0] = ring[0]!;
  out[1] = ring[1]!;
  for (let k = 1; k < n; k++) {
    out[2 * k] = ring[2 * (n - k)]!;
    out[2 * k + 1] = ring[2 * (n - k) + 1]!;
  }
  return out;
}

/** Bounding box [minLon, minLat, maxLon, maxLat] in microdegrees over all outer rings. */
export function bboxE6(parts: PartE6[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const part of parts) {
    const ring = part[0]!;
    for (let i = 0; i < ring.length; i += 2) {
      box[0] = Math.min(box[0], ring[i]!);
      box[1] = Math.min(box[1], ring[i + 1]!);
      box[2] = Math.max(box[2], ring[i]!);
      box[3] = Math.max(box[3], ring[i + 1]!);
    }
  }
  return box;
}

/** Whether the point (microdegrees) lies inside the parts (even-odd over every ring, so holes are outside). */
export function containsE6(parts: PartE6[], lonE6: number, latE6: number): boolean {
  let inside = false;
  for (const part of parts)
    for (const ring of part) {
      const n = ring.length / 2;
      for (let i = 0, j = n - 1; i < n; j = i++) {
        const [xi, yi, xj, yj] = [ring[2 * i]!, ring[2 * i + 1]!, ring[2 * j]!, ring[2 * j + 1]!];
        if (yi > latE6 !== yj > latE6 && lonE6 < ((xj - xi) * (latE6 - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  return inside;
}
