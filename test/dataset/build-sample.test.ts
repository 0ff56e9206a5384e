// Builds the committed sample into a temp dir and checks the binary, the gazetteer and the manifest against the inputs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset, type Manifest } from '../../src/dataset/build.ts';
import { readCsv } from '../../src/dataset/lines.ts';
import { sha256File } from '../../src/dataset/manifest.ts';
import { sampleDir } from '../../src/dataset/paths.ts';
import { readBoundaryFile, type BoundaryTables } from '../../src/native/boundary-file.ts';
import { polygonGeoJSON, ringPositions, sampleFeatures, signedArea2, tempDir } from './support.ts';

const temp = tempDir('sample');
let manifest: Manifest;
let tables: BoundaryTables;
let db: Database.Database;
const directoryPincodes: string[] = [];

beforeAll(async () => {
  ({ manifest } = await buildDataset({ input: sampleDir, out: temp.dir, quiet: true }));
  tables = readBoundaryFile(join(temp.dir, 'boundaries.bin'));
  db = new Database(join(temp.dir, 'gazetteer.sqlite'), { readonly: true });
  for await (const { row } of readCsv(join(sampleDir, 'pincode_directory.csv.gz'), ['pincode'])) {
    directoryPincodes.push(row.pincode!);
  }
});

afterAll(() => {
  db?.close();
  temp.remove();
});

const all = <T>(sql: string) => db.prepare(sql).all() as T[];
const one = <T>(sql: string) => db.prepare(sql).get() as T;

describe('building the sample dataset', () => {
  it('records the sample dataset, hashed inputs and outputs, and the file format version in the manifest', async () => {
    expect(manifest.dataset).toBe('sample');
    expect(manifest.inputs.map((i) => i.name)).toEqual([
      'pincode_boundaries.ndjson.gz',
      'pincode_directory.csv.gz',
      'pincode_crosswalk.csv',
      'india_states.geojson.gz',
      'geonames_in_cities500.tsv.gz',
      'geonames_in_postal.tsv.gz',
    ]);
    expect(manifest.outputs.map((o) => o.name)).toEqual(['boundaries.bin', 'gazetteer.sqlite', 'places.bin']);
    expect(manifest.places_format_version).toBe(readFileSync(join(temp.dir, 'places.bin')).readUInt32LE(8));
    for (const input of manifest.inputs) expect(input.sha256).toBe(await sha256File(join(sampleDir, input.name)));
    for (const output of manifest.outputs) expect(output.sha256).toBe(await sha256File(join(temp.dir, output.name)));
    const header = readFileSync(join(temp.dir, 'boundaries.bin')).subarray(0, 12);
    expect(manifest.format_version).toBe(header.readUInt32LE(8));
    expect(JSON.parse(readFileSync(join(temp.dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(JSON.stringify(manifest)).not.toMatch(/20\d\d-\d\d-\d\dT/);
  });

  it('counts every feature, part, ring and vertex of the binary in the manifest', () => {
    const features = sampleFeatures();
    const { counts } = manifest;
    expect(counts.polygons).toBe(features.length);
    expect(tables.polygonParts.length - 1).toBe(counts.polygons);
    expect(tables.partRings.length - 1).toBe(counts.parts);
    expect(tables.ringVertices.length - 1).toBe(counts.rings);
    expect(counts.holes).toBe(counts.rings - counts.parts);
    expect(tables.coordsE6.length / 2).toBe(counts.vertices);
    expect(counts.offices).toBe(directoryPincodes.length);
    expect(counts.pincodes).toBe(new Set([...features.map((f) => f.properties.pincode), ...directoryPincodes]).size);
    expect(counts.states).toBe(2);
  });

  it('numbers polygons by ascending pincode, the same ids as the boundaries table', () => {
    const rows = all<{ id: number; pincode: string }>('SELECT id, pincode FROM boundaries ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([...rows.keys()]);
    expect(rows.map((r) => r.pincode)).toEqual(
      sampleFeatures()
        .map((f) => f.properties.pincode!)
        .sort(),
    );
    expect(rows.length).toBe(manifest.counts.polygons);
  });

  it('keeps each source vertex rounded to microdegrees, drops closing vertices, and keeps rings of 3+ vertices', () => {
    const byPincode = new Map(sampleFeatures().map((f) => [f.properties.pincode!, f]));
    const rows = all<{ id: number; pincode: string }>('SELECT id, pincode FROM boundaries ORDER BY id');
    for (const { id, pincode } of rows) {
      const geometry = byPincode.get(pincode)!.geometry;
      const source = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).flat(2);
      const rounded = new Set(source.map(([lon, lat]) => `${Math.round(lon! * 1e6)},${Math.round(lat! * 1e6)}`));
      const built = polygonGeoJSON(tables, id).coordinates.flat(2);
      for (const [lon, lat] of built)
        expect(rounded.has(`${Math.round(lon! * 1e6)},${Math.round(lat! * 1e6)}`)).toBe(true);
    }
    for (let r = 0; r + 1 < tables.ringVertices.length; r++) {
      expect(tables.ringVertices[r + 1]! - tables.ringVertices[r]!).toBeGreaterThanOrEqual(3);
    }
  });

  it('winds every outer ring counter-clockwise and every hole clockwise', () => {
    for (let p = 0; p + 1 < tables.partRings.length; p++) {
      for (let r = tables.partRings[p]!; r < tables.partRings[p + 1]!; r++) {
        const area = signedArea2(ringPositions(tables, r));
        expect(r === tables.partRings[p] ? area > 0 : area < 0).toBe(true);
      }
    }
  });

  it('puts every inside point strictly inside its own polygon', () => {
    const rows = all<{ id: number; inside_lon: number; inside_lat: number }>(
      'SELECT id, inside_lon, inside_lat FROM boundaries',
    );
    for (const row of rows) {
      const polygon = polygonGeoJSON(tables, row.id);
      expect(
        booleanPointInPolygon([row.inside_lon, row.inside_lat], polygon, { ignoreBoundary: true }),
        `id ${row.id}`,
      ).toBe(true);
    }
  });

  it('names localities without the postal suffix and fills state, district and delivery from the directory', () => {
    const row = one<Record<string, unknown>>("SELECT * FROM boundaries WHERE pincode = '560038'");
    expect(row).toMatchObject({
      office_name: 'Indiranagar S.O (Bengaluru)',
      locality: 'Indiranagar',
      division: 'Bengaluru East',
      circle: 'Karnataka',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      delivery: 1,
    });
    expect(one<{ locality: string }>("SELECT locality FROM boundaries WHERE pincode = '560001'").locality).toBe(
      'Bengaluru',
    );
    expect(one<{ n: number }>('SELECT count(*) AS n FROM boundaries WHERE state IS NULL OR district IS NULL').n).toBe(
      0,
    );
  });

  it('keeps office coordinates only inside India and counts them in the manifest', () => {
    const located = all<{ lat: number; lon: number }>('SELECT lat, lon FROM offices WHERE lat IS NOT NULL');
    expect(located.length).toBe(manifest.counts.offices_with_coordinates);
    for (const { lat, lon } of located) {
      expect(lat).toBeGreaterThanOrEqual(6);
      expect(lat).toBeLessThanOrEqual(38);
      expect(lon).toBeGreaterThanOrEqual(68);
      expect(lon).toBeLessThanOrEqual(98);
    }
    expect(one<{ n: number }>('SELECT count(*) AS n FROM offices WHERE (lat IS NULL) != (lon IS NULL)').n).toBe(0);
    const derived = manifest.summary.derived;
    expect((derived.office_coordinates_ok as number) + (derived.office_coordinates_swapped as number)).toBe(
      located.length,
    );
  });

  it('puts boundary pincodes at their foremost office inside them, else their inside point; others at the median', () => {
    interface Joined {
      pincode: string;
      id: number;
      lat: number;
      lon: number;
      inside_lat: number;
      inside_lon: number;
    }
    const joined = all<Joined>(
      'SELECT p.pincode, b.id, p.lat, p.lon, b.inside_lat, b.inside_lon FROM pincodes p JOIN boundaries b ON b.id = p.boundary_id',
    );
    expect(joined.length).toBe(manifest.counts.polygons);
    // Head office, then sub office, then branch office; one that delivers first.
    const rank = (o: { office_type: string; delivery: number }) =>
      (({ HO: 0, PO: 1, BO: 2 })[o.office_type] ?? 3) * 2 + (o.delivery === 1 ? 0 : 1);
    let atOffice = 0;
    for (const row of joined) {
      const polygon = polygonGeoJSON(tables, row.id);
      const inside = all<{ office_type: string; delivery: number; lat: number; lon: number }>(
        `SELECT office_type, delivery, lat, lon FROM offices WHERE pincode = '${row.pincode}' AND lat IS NOT NULL`,
      ).filter((o) => booleanPointInPolygon([o.lon, o.lat], polygon));
      if (inside.length === 0) {
        expect([row.lat, row.lon]).toEqual([row.inside_lat, row.inside_lon]);
        continue;
      }
      // Offices may share coordinates: the best ranked of those at the point is the foremost.
      const at = inside.filter((o) => o.lat === row.lat && o.lon === row.lon);
      expect(at.length, row.pincode).toBeGreaterThan(0);
      expect(Math.min(...at.map(rank)), row.pincode).toBe(Math.min(...inside.map(rank)));
      atOffice++;
    }
    expect(atOffice).toBeGreaterThan(0);
    const others = all<{ pincode: string; lat: number; office_count: number }>(
      'SELECT pincode, lat, office_count FROM pincodes WHERE has_boundary = 0',
    );
    for (const row of others) {
      const lats = all<{ lat: number }>(
        `SELECT lat FROM offices WHERE pincode = '${row.pincode}' AND lat IS NOT NULL ORDER BY lat`,
      );
      const mid = lats.length >> 1;
      expect(row.lat).toBe(lats.length % 2 ? lats[mid]!.lat : (lats[mid - 1]!.lat + lats[mid]!.lat) / 2);
      expect(row.office_count).toBeGreaterThan(0);
    }
  });

  it('sums districts and states from the pincodes table', () => {
    const states = all<{ state: string; pincode_count: number }>(
      'SELECT state, pincode_count FROM states ORDER BY state',
    );
    expect(states.map((s) => s.state)).toEqual(['Delhi', 'Karnataka']);
    const withState = one<{ n: number }>('SELECT count(*) AS n FROM pincodes WHERE state IS NOT NULL').n;
    expect(states.reduce((n, s) => n + s.pincode_count, 0)).toBe(withState);
    const districts = one<{ n: number }>('SELECT sum(pincode_count) AS n FROM districts').n;
    expect(districts).toBe(one<{ n: number }>('SELECT count(*) AS n FROM pincodes WHERE district IS NOT NULL').n);
  });

  it('leaves a single database file without WAL or journal and no temporary files', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(readdirSync(temp.dir).sort()).toEqual([
      'boundaries.bin',
      'fingerprint.json',
      'gazetteer.sqlite',
      'manifest.json',
      'places.bin',
    ]);
    expect(existsSync(join(temp.dir, 'gazetteer.sqlite-wal'))).toBe(false);
  });
});
