// Native lookups equal the pure-JS oracle (flatbush + turf) on the real boundaries: seeded random points
// over India's bbox and the neighbourhoods of sampled polygon vertices.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { JsBoundaryIndex } from '../../bench/js-baseline.ts';
import { randomPoints } from '../../bench/seeded.ts';
import { readBoundaryFile } from '../../src/native/boundary-file.ts';
import { BoundaryIndex } from '../../src/native/boundary-index.ts';
import { datasetFile } from '../support/dataset.ts';

let native: BoundaryIndex;
let oracle: JsBoundaryIndex;
let coordsE6: Int32Array;

beforeAll(() => {
  const path = datasetFile('boundaries.bin');
  native = BoundaryIndex.open(path);
  const tables = readBoundaryFile(path);
  coordsE6 = tables.coordsE6;
  oracle = new JsBoundaryIndex(tables);
});

/** Compares one batch; points exactly on a boundary may go to any polygon turf counts, or none. */
function compare(lonLat: Float64Array): { checked: number; onBoundary: number; hits: number } {
  const ids = native.lookupMany(lonLat);
  let onBoundary = 0;
  let hits = 0;
  for (let i = 0; i < ids.length; i++) {
    const [lon, lat] = [lonLat[2 * i]!, lonLat[2 * i + 1]!];
    const all = oracle.lookupAll(lon, lat);
    if (ids[i]! >= 0) hits++;
    if (oracle.onBoundary(lon, lat)) {
      onBoundary++;
      expect([...all, -1], `${lon},${lat}`).toContain(ids[i]);
    } else {
      expect(ids[i], `${lon},${lat}`).toBe(all[0] ?? -1);
    }
  }
  return { checked: ids.length, onBoundary, hits };
}

describe('native boundary lookup against the JS oracle', () => {
  it('loads every polygon of the manifest', () => {
    const manifest = JSON.parse(readFileSync(datasetFile('manifest.json'), 'utf8')) as { counts: { polygons: number } };
    expect(native.size).toBe(manifest.counts.polygons);
  });

  it('agrees on 100,000 seeded random points inside India’s bounding box', () => {
    const result = compare(randomPoints(100_000, 20261122, 'lonLat'));
    expect(result.hits).toBeGreaterThan(1000);
  });

  it('agrees next to and exactly on sampled polygon vertices', () => {
    const probes: number[] = [];
    for (let v = 0; v < coordsE6.length / 2; v += 211) {
      const [lon, lat] = [coordsE6[2 * v]! / 1e6, coordsE6[2 * v + 1]! / 1e6];
      probes.push(lon, lat);
      for (const d of [1e-5, 1e-7]) probes.push(lon + d, lat, lon - d, lat, lon, lat + d, lon, lat - d);
    }
    const result = compare(Float64Array.from(probes));
    expect(result.onBoundary).toBeGreaterThan(0);
    expect(result.hits).toBeGreaterThan(result.checked / 2);
  });
});
