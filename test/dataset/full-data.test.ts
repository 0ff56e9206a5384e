// The full dataset in data/source: counts measured from the build match the data README, one build reused.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_FILES, defaultInputDir, repoManifestPath } from '../../src/dataset/paths.ts';
import { CURATED_ALIASES } from '../../src/dataset/place-entries.ts';
import { ensureDataset, type EnsuredDataset } from '../../src/dataset/ensure.ts';
import { readBoundaryFile, type BoundaryTables } from '../../src/native/boundary-file.ts';
import { polygonGeoJSON } from './support.ts';

const present = existsSync(join(defaultInputDir(), INPUT_FILES.boundaries));
let dataset: EnsuredDataset;
let db: Database.Database;
let tables: BoundaryTables;

describe.skipIf(!present)('the full dataset', () => {
  beforeAll(async () => {
    dataset = await ensureDataset({ quiet: true });
    db = new Database(join(dataset.outDir, 'gazetteer.sqlite'), { readonly: true });
    tables = readBoundaryFile(join(dataset.outDir, 'boundaries.bin'));
  });

  afterAll(() => db?.close());

  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;

  it('has 19,312 boundaries, 478 divisions, 23 circles and 36 states', () => {
    const { counts } = dataset.manifest;
    expect(dataset.manifest.dataset).toBe('full');
    expect(counts).toMatchObject({
      polygons: 19_312,
      parts: 21_204,
      holes: 514,
      divisions: 478,
      circles: 23,
      states: 36,
    });
    expect(count('SELECT count(*) AS n FROM boundaries')).toBe(19_312);
    expect(count('SELECT count(DISTINCT division) AS n FROM boundaries')).toBe(478);
    expect(count('SELECT count(DISTINCT state) AS n FROM pincodes')).toBe(36);
    expect(tables.polygonParts.length - 1).toBe(19_312);
  });

  it('covers at least 19,500 pincodes and every directory office', () => {
    expect(count('SELECT count(*) AS n FROM pincodes')).toBeGreaterThanOrEqual(19_500);
    expect(count('SELECT count(*) AS n FROM pincodes WHERE has_boundary = 0')).toBe(
      dataset.manifest.counts.pincodes - 19_312,
    );
    expect(count('SELECT count(*) AS n FROM offices')).toBe(165_627);
    expect(dataset.manifest.counts.offices_with_coordinates).toBeGreaterThan(150_000);
  });

  it('places the ten boundary pincodes missing from the directory in a state from the state polygons', () => {
    const rows = db
      .prepare(
        'SELECT pincode, state FROM boundaries WHERE pincode NOT IN (SELECT pincode FROM offices) ORDER BY pincode',
      )
      .all() as { pincode: string; state: string | null }[];
    expect(rows.map((r) => r.pincode)).toEqual([
      '174037',
      '249129',
      '370240',
      '401206',
      '486888',
      '518008',
      '688012',
      '786005',
      '797119',
      '829124',
    ]);
    for (const row of rows) expect(row.state, row.pincode).not.toBeNull();
  });

  it("puts the pincodes the directory files in a far district where they are (Agartala's is not in Telangana)", () => {
    const place = db.prepare('SELECT state, district FROM pincodes WHERE pincode = ?');
    expect(place.get('799001')).toEqual({ state: 'Tripura', district: 'West Tripura' });
    expect(place.get('334002')).toEqual({ state: 'Rajasthan', district: 'Bikaner' });
    const relocated = dataset.manifest.summary.derived.pincodes_relocated as string[];
    expect(relocated.length).toBe(13);
    // Near a state line nothing moves: Daman's and Puducherry's enclaves keep their own territory.
    expect(place.get('396210')).toMatchObject({ district: 'Daman' });
    expect(place.get('607402')).toMatchObject({ state: 'Puducherry' });
  });

  it("gives a pincode across a state line its sub office's state (Basistha, Guwahati, is in Assam)", () => {
    const place = db.prepare('SELECT state, district FROM pincodes WHERE pincode = ?');
    expect(place.get('781029')).toEqual({ state: 'Assam', district: 'Kamrup Metro' });
    expect(place.get('533464')).toEqual({ state: 'Puducherry', district: 'Yanam' });
    expect(place.get('605014')).toEqual({ state: 'Puducherry', district: 'Pondicherry' });
    // Lookups answer from the boundary rows: they say the same.
    const boundary = db.prepare('SELECT state, district FROM boundaries WHERE pincode = ?');
    expect(boundary.get('781029')).toEqual({ state: 'Assam', district: 'Kamrup Metro' });
    // A lone branch office filed in another state moves nothing: 305402's sub office is in Rajasthan.
    expect(place.get('305402')).toMatchObject({ state: 'Rajasthan' });
    expect((dataset.manifest.summary.derived.pincodes_of_head_office_state as string[]).length).toBe(11);
  });

  it("caps the populations GeoNames gives villages from their districts (Hisar's Gorakhpur: 1,324,570)", () => {
    const capped = dataset.manifest.summary.derived.town_populations_capped as string[];
    expect(capped.map((c) => c.split(' (')[0])).toEqual(['Teni', 'Nowrangapur', 'Gorakhpur', 'Kallakurichi']);
  });

  it('puts every inside point strictly inside its own polygon', () => {
    const rows = db.prepare('SELECT id, inside_lon, inside_lat FROM boundaries').all() as {
      id: number;
      inside_lon: number;
      inside_lat: number;
    }[];
    const outside = rows.filter(
      (r) =>
        !booleanPointInPolygon([r.inside_lon, r.inside_lat], polygonGeoJSON(tables, r.id), { ignoreBoundary: true }),
    );
    expect(outside.map((r) => r.id)).toEqual([]);
  });

  it('has a pincode with a point for every hand-written alias (localities, institutions, landmarks)', () => {
    const located = db.prepare('SELECT 1 FROM pincodes WHERE pincode = ? AND lat IS NOT NULL AND lon IS NOT NULL');
    const missing = CURATED_ALIASES.filter(([, pincode]) => located.get(pincode) === undefined);
    expect(missing).toEqual([]);
    expect(CURATED_ALIASES.length).toBeGreaterThan(100);
  });

  it('commits the same manifest as data/manifest.json', () => {
    expect(JSON.parse(readFileSync(repoManifestPath, 'utf8'))).toEqual(dataset.manifest);
  });
});
