// State/UT polygons (india_states.geojson.gz) for pincodes the directory does not place in a state.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon } from 'geojson';
import { DataError } from './feature.ts';
import { stateFromPolygonName } from './normalise.ts';

interface StateShape {
  name: string;
  geometry: Polygon | MultiPolygon;
  bbox: [number, number, number, number];
}

/** Finds the state (directory spelling, title-cased) containing a point, or null. */
export type StateLocator = (lon: number, lat: number) => string | null;

/** Loads the state polygons; STNAME is mapped to the directory's naming. */
export function loadStateLocator(path: string): StateLocator {
  const raw = readFileSync(path);
  const text = (path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  const collection = JSON.parse(text) as { features?: { properties?: Record<string, unknown>; geometry?: unknown }[] };
  if (!Array.isArray(collection.features)) throw new DataError(`${path}: not a GeoJSON FeatureCollection`);
  const shapes: StateShape[] = [];
  collection.features.forEach((feature, i) => {
    const geometry = feature.geometry as Polygon | MultiPolygon | null;
    const stname: unknown = feature.properties?.STNAME;
    const name = typeof stname === 'string' ? stateFromPolygonName(stname) : null;
    if (!name || !geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
      throw new DataError(`${path} feature ${i + 1}: needs an STNAME and a Polygon/MultiPolygon`);
    }
    shapes.push({ name, geometry, bbox: bboxOf(geometry) });
  });
  return (lon, lat) => {
    const hit = shapes.find(
      (s) =>
        lon >= s.bbox[0] &&
        lat >= s.bbox[1] &&
        lon <= s.bbox[2] &&
        lat <= s.bbox[3] &&
        booleanPointInPolygon([lon, lat], s.geometry),
    );
    return hit?.name ?? null;
  };
}

function bboxOf(geometry: Polygon | MultiPolygon): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const [outer] of polygons) {
    for (const [lon, lat] of outer ?? []) {
      box[0] = Math.min(box[0], lon!);
      box[1] = Math.min(box[1], lat!);
      box[2] = Math.max(box[2], lon!);
      box[3] = Math.max(box[3], lat!);
    }
  }
  return box;
}
