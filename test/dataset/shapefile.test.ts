// A shapefile of real sample polygons (written here per the ESRI spec) builds the same polygons as their NDJSON.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDataset } from '../../src/dataset/build.ts';
import { sampleDir } from '../../src/dataset/paths.ts';
import { readBoundaryFile } from '../../src/native/boundary-file.ts';
import { writeShapefile } from '../support/write-shapefile.ts';
import { sampleFeatures, sha256, tempDir, writeNdjson } from './support.ts';

/** Two single polygons, a 33-part and two 2-part MultiPolygons, listed out of pincode order. */
const PINCODES = ['560038', '110040', '560001', '110034', '560091'];

const temp = tempDir('shp');
const ndjsonDir = join(temp.dir, 'ndjson');
const shpDir = join(temp.dir, 'shp');
const shp = join(shpDir, 'All_India_pincode_Boundary.shp');

/** Government-style field names, matched case-insensitively ("Office_Name" fills all 11 name bytes). */
const FIELDS = [
  { name: 'PINCODE', length: 6 },
  { name: 'Office_Name', length: 60 },
  { name: 'Division', length: 40 },
  { name: 'region', length: 40 },
  { name: 'CIRCLE', length: 30 },
];

beforeAll(() => {
  mkdirSync(ndjsonDir);
  mkdirSync(shpDir);
  const byPincode = new Map(sampleFeatures().map((f) => [f.properties.pincode!, f]));
  const features = PINCODES.map((p) => byPincode.get(p)!);
  writeNdjson(ndjsonDir, features);
  writeShapefile(
    shp.replace(/\.shp$/, ''),
    features.map(({ properties: p, geometry }) => ({
      geometry,
      properties: {
        PINCODE: p.pincode!,
        Office_Name: p.office_name!,
        Division: p.division!,
        region: p.region ?? null,
        CIRCLE: p.circle!,
      },
    })),
    FIELDS,
  );
});

afterAll(() => temp.remove());

function boundaryRows(dir: string): unknown[] {
  const db = new Database(join(dir, 'gazetteer.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT * FROM boundaries ORDER BY id').all();
  } finally {
    db.close();
  }
}

describe('shapefile input', () => {
  it('writes a .shx whose offsets and lengths point at each .shp record', () => {
    const main = readFileSync(shp);
    const index = readFileSync(shp.replace(/\.shp$/, '.shx'));
    expect(main.readInt32BE(0)).toBe(9994);
    expect(main.readInt32BE(24) * 2).toBe(main.length);
    expect(index.readInt32BE(24) * 2).toBe(index.length);
    expect((index.length - 100) / 8).toBe(PINCODES.length);
    for (let i = 0; i < PINCODES.length; i++) {
      const offset = index.readInt32BE(100 + 8 * i) * 2;
      expect(main.readInt32BE(offset)).toBe(i + 1);
      expect(main.readInt32BE(offset + 4)).toBe(index.readInt32BE(104 + 8 * i));
      expect(main.readInt32LE(offset + 8)).toBe(5);
    }
  });

  it('reads a .shp/.dbf with the shapefile library into the same polygons and rows as the NDJSON', async () => {
    const fromNdjson = join(temp.dir, 'out-ndjson');
    const fromShp = join(temp.dir, 'out-shp');
    await buildDataset({ input: join(ndjsonDir, 'pincode_boundaries.ndjson.gz'), out: fromNdjson, quiet: true });
    const { manifest } = await buildDataset({ input: shp, out: fromShp, directoryDir: ndjsonDir, quiet: true });
    expect(manifest.dataset).toBe('shapefile');
    expect(manifest.counts.polygons).toBe(PINCODES.length);
    expect(manifest.counts.parts).toBe(1 + 1 + 33 + 2 + 2);
    expect(readBoundaryFile(join(fromShp, 'boundaries.bin'))).toEqual(
      readBoundaryFile(join(fromNdjson, 'boundaries.bin')),
    );
    expect(sha256(join(fromShp, 'boundaries.bin'))).toBe(sha256(join(fromNdjson, 'boundaries.bin')));
    expect(boundaryRows(fromShp)).toEqual(boundaryRows(fromNdjson));
    expect(manifest.summary.notes).toContain(
      'no directory: district is null, delivery is 0, state only from the state polygons',
    );
  });

  it('takes state, district and delivery from the directory files of --directory-dir', async () => {
    const out = join(temp.dir, 'out-shp-directory');
    const { manifest } = await buildDataset({ input: shp, out, directoryDir: sampleDir, quiet: true });
    expect(manifest.inputs.map((i) => i.name)).toEqual([
      'All_India_pincode_Boundary.shp',
      'All_India_pincode_Boundary.dbf',
      'All_India_pincode_Boundary.shx',
      'pincode_directory.csv.gz',
      'pincode_crosswalk.csv',
      'india_states.geojson.gz',
      'geonames_in_cities500.tsv.gz',
      'geonames_in_postal.tsv.gz',
    ]);
    const rows = boundaryRows(out) as { pincode: string; state: string; district: string; delivery: number }[];
    expect(rows.map((r) => r.pincode)).toEqual([...PINCODES].sort());
    expect(rows.find((r) => r.pincode === '560038')).toMatchObject({
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      delivery: 1,
    });
    expect(rows.find((r) => r.pincode === '110034')).toMatchObject({ state: 'Delhi', delivery: 1 });
  });
});
