// Reads, validates and orders boundary features, and flattens them into the boundary file's tables.
import type { BoundaryTables } from '../native/boundary-file.ts';
import { DataError, type RawFeature } from './feature.ts';
import type { BoundaryFeature } from './gazetteer-rows.ts';
import { bboxE6, processGeometry } from './geometry.ts';
import { insidePoint } from './inside-point.ts';
import { cleanCircle, cleanDivision, cleanRegion, clean } from './normalise.ts';
import type { Report } from './report.ts';

const PROGRESS_EVERY = 2_000;

/** Consumes a reader, fails on duplicate pincodes, and returns features sorted by pincode with ids assigned. */
export async function collectFeatures(reader: AsyncIterable<RawFeature>, report: Report): Promise<BoundaryFeature[]> {
  const firstSeen = new Map<string, string>();
  const features: BoundaryFeature[] = [];
  for await (const raw of reader) {
    const previous = firstSeen.get(raw.pincode);
    if (previous !== undefined) throw new DataError(`${raw.where}: duplicate pincode, first seen at ${previous}`);
    firstSeen.set(raw.pincode, raw.where);
    features.push(processFeature(raw, report));
    if (features.length % PROGRESS_EVERY === 0) report.progress(`boundaries: ${features.length} features`);
  }
  if (features.length === 0) throw new DataError('the boundary input has no features');
  features.sort((a, b) => (a.pincode < b.pincode ? -1 : 1));
  features.forEach((f, id) => (f.id = id));
  return features;
}

function processFeature(raw: RawFeature, report: Report): BoundaryFeature {
  const parts = processGeometry(raw.geometry, raw.where, report);
  return {
    id: -1,
    where: raw.where,
    pincode: raw.pincode,
    officeName: clean(raw.officeName),
    division: cleanDivision(raw.division),
    region: cleanRegion(raw.region),
    circle: cleanCircle(raw.circle),
    parts,
    inside: insidePoint(parts),
    bboxE6: bboxE6(parts),
  };
}

/** Flattens features (already in id order) into the polygons -> parts -> rings -> vertices offset tables. */
export function boundaryTables(features: BoundaryFeature[]): BoundaryTables {
  let parts = 0;
  let rings = 0;
  let coords = 0;
  for (const f of features) {
    parts += f.parts.length;
    for (const part of f.parts) {
      rings += part.length;
      for (const ring of part) coords += ring.length;
    }
  }
  const tables: BoundaryTables = {
    polygonParts: new Uint32Array(features.length + 1),
    partRings: new Uint32Array(parts + 1),
    ringVertices: new Uint32Array(rings + 1),
    coordsE6: new Int32Array(coords),
  };
  let [p, r, c] = [0, 0, 0];
  features.forEach((f, i) => {
    for (const part of f.parts) {
      for (const ring of part) {
        tables.coordsE6.set(ring, c);
        c += ring.length;
        tables.ringVertices[++r] = c / 2;
      }
      tables.partRings[++p] = r;
    }
    tables.polygonParts[i + 1] = p;
  });
  return tables;
}
