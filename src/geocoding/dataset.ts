// Loads the built dataset once per process: the native boundary index plus the gazetteer rows as id-keyed arrays.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BoundaryIndex } from '../native/boundary-index.ts';

/** Boundary metadata, column-wise; index i is polygon id i of boundaries.bin (flatbush's `items[i]` habit). */
export interface BoundaryRows {
  pincode: string[];
  officeName: (string | null)[];
  locality: (string | null)[];
  division: (string | null)[];
  state: (string | null)[];
  district: (string | null)[];
  delivery: Uint8Array;
  insideLat: Float64Array;
  insideLon: Float64Array;
}

/** Post offices, column-wise, ordered by pincode; lat/lon are NaN where the directory had no sane point. */
export interface OfficeRows {
  pincode: string[];
  name: string[];
  type: string[];
  delivery: Uint8Array;
  district: (string | null)[];
  state: (string | null)[];
  lat: Float64Array;
  lon: Float64Array;
  /** 1 when the office's point lies inside its own pincode polygon (only ~65% do; the rest are noisy). */
  verified: Uint8Array;
}

export interface PincodeRow {
  pincode: string;
  state: string | null;
  district: string | null;
  division: string | null;
  delivery: boolean;
  officeCount: number;
  boundaryId: number | null;
  lat: number | null;
  lon: number | null;
  /** Offices of this pincode are rows [officeStart, officeEnd) of OfficeRows. */
  officeStart: number;
  officeEnd: number;
}

export interface AreaRow {
  state: string;
  district: string | null;
  lat: number;
  lon: number;
  pincodeCount: number;
}

export interface Dataset {
  dir: string;
  kind: 'full' | 'sample';
  index: BoundaryIndex;
  boundaries: BoundaryRows;
  offices: OfficeRows;
  pincodes: Map<string, PincodeRow>;
  districts: AreaRow[];
  states: AreaRow[];
  loadMs: number;
}

const cache = new Map<string, Dataset>();

/** The dataset in `dir` (boundaries.bin, gazetteer.sqlite, manifest.json), loaded on first use and shared afterwards. */
export function loadDataset(dir: string): Dataset {
  const key = resolve(dir);
  let dataset = cache.get(key);
  if (!dataset) {
    dataset = readDataset(key);
    cache.set(key, dataset);
  }
  return dataset;
}

function readDataset(dir: string): Dataset {
  const started = performance.now();
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { dataset: 'full' | 'sample' };
  const index = BoundaryIndex.open(join(dir, 'boundaries.bin'));
  const db = new Database(join(dir, 'gazetteer.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const boundaries = readBoundaries(db);
    if (boundaries.pincode.length !== index.size) {
      throw new Error(`gazetteer has ${boundaries.pincode.length} boundaries, boundaries.bin ${index.size}`);
    }
    const offices = readOffices(db);
    const pincodes = readPincodes(db, offices);
    verifyOfficePoints(index, offices, pincodes);
    const districts = readAreas(db, 'SELECT state, district, lat, lon, pincode_count FROM districts');
    const states = readAreas(db, 'SELECT state, NULL, lat, lon, pincode_count FROM states');
    const loadMs = performance.now() - started;
    return { dir, kind: manifest.dataset, index, boundaries, offices, pincodes, districts, states, loadMs };
  } finally {
    db.close();
  }
}

type Cell = string | number | null;

function readBoundaries(db: Database.Database): BoundaryRows {
  const rows = db
    .prepare('SELECT pincode, office_name, locality, division, state, district, delivery, inside_lat, inside_lon FROM boundaries ORDER BY id')
    .raw()
    .all() as Cell[][];
  const n = rows.length;
  const out: BoundaryRows = {
    pincode: new Array(n), officeName: new Array(n), locality: new Array(n), division: new Array(n),
    state: new Array(n), district: new Array(n), delivery: new Uint8Array(n),
    insideLat: new Float64Array(n), insideLon: new Float64Array(n),
  };
  rows.forEach((r, i) => {
    out.pincode[i] = r[0] as string;
    out.officeName[i] = r[1] as string | null;
    out.locality[i] = r[2] as string | null;
    out.division[i] = r[3] as string | null;
    out.state[i] = r[4] as string | null;
    out.district[i] = r[5] as string | null;
    out.delivery[i] = Number(r[6]);
    out.insideLat[i] = r[7] as number;
    out.insideLon[i] = r[8] as number;
  });
  return out;
}

function readOffices(db: Database.Database): OfficeRows {
  const columns = 'pincode, office_name, office_type, delivery, district, state, lat, lon';
  // The pipeline writes offices sorted by pincode; rowid order is ~30% faster than ORDER BY, so use it when it holds.
  return readOfficeRows(db, `SELECT ${columns} FROM offices`) ?? readOfficeRows(db, `SELECT ${columns} FROM offices ORDER BY pincode, rowid`)!;
}

/** Null when the rows do not come out sorted by pincode. */
function readOfficeRows(db: Database.Database, sql: string): OfficeRows | null {
  const n = Number(db.prepare('SELECT count(*) FROM offices').pluck().get());
  const out: OfficeRows = {
    pincode: new Array(n), name: new Array(n), type: new Array(n), delivery: new Uint8Array(n),
    district: new Array(n), state: new Array(n),
    lat: new Float64Array(n), lon: new Float64Array(n), verified: new Uint8Array(n),
  };
  // Iterating (rather than .all()) keeps 165k row arrays from piling up in the young generation.
  let i = 0;
  for (const r of db.prepare(sql).raw().iterate() as IterableIterator<Cell[]>) {
    const pincode = r[0] as string;
    if (i > 0 && pincode < out.pincode[i - 1]!) return null;
    out.pincode[i] = pincode;
    out.name[i] = (r[1] as string | null) ?? '';
    out.type[i] = (r[2] as string | null) ?? '';
    out.delivery[i] = Number(r[3] ?? 0);
    out.district[i] = r[4] as string | null;
    out.state[i] = r[5] as string | null;
    out.lat[i] = (r[6] as number | null) ?? NaN;
    out.lon[i] = (r[7] as number | null) ?? NaN;
    i++;
  }
  return out;
}

function readPincodes(db: Database.Database, offices: OfficeRows): Map<string, PincodeRow> {
  const rows = db
    .prepare('SELECT pincode, state, district, division, delivery, office_count, boundary_id, lat, lon FROM pincodes')
    .raw()
    .all() as Cell[][];
  const ranges = officeRanges(offices);
  const map = new Map<string, PincodeRow>();
  for (const r of rows) {
    const pincode = r[0] as string;
    const range = ranges.get(pincode) ?? [0, 0];
    map.set(pincode, {
      pincode, state: r[1] as string | null, district: r[2] as string | null, division: r[3] as string | null,
      delivery: Number(r[4]) === 1, officeCount: Number(r[5] ?? 0), boundaryId: r[6] as number | null,
      lat: r[7] as number | null, lon: r[8] as number | null, officeStart: range[0], officeEnd: range[1],
    });
  }
  return map;
}

/** Offices are sorted by pincode, so each pincode owns one contiguous run. */
function officeRanges(offices: OfficeRows): Map<string, [number, number]> {
  const ranges = new Map<string, [number, number]>();
  let start = 0;
  for (let i = 1; i <= offices.pincode.length; i++) {
    if (i === offices.pincode.length || offices.pincode[i] !== offices.pincode[start]) {
      ranges.set(offices.pincode[start]!, [start, i]);
      start = i;
    }
  }
  return ranges;
}

/** One native lookupMany over every office point: an office point is trusted only inside its own pincode polygon. */
function verifyOfficePoints(index: BoundaryIndex, offices: OfficeRows, pincodes: Map<string, PincodeRow>): void {
  const n = offices.pincode.length;
  const lonLat = new Float64Array(n * 2);
  for (let i = 0; i < n; i++) {
    lonLat[2 * i] = offices.lon[i]!;
    lonLat[2 * i + 1] = offices.lat[i]!;
  }
  const ids = index.lookupMany(lonLat);
  for (let i = 0; i < n; i++) {
    const own = pincodes.get(offices.pincode[i]!)?.boundaryId;
    offices.verified[i] = own != null && ids[i] === own ? 1 : 0;
  }
}

function readAreas(db: Database.Database, sql: string): AreaRow[] {
  return (db.prepare(sql).raw().all() as Cell[][])
    .filter((r) => r[2] != null && r[3] != null)
    .map((r) => ({
      state: r[0] as string, district: r[1] as string | null, lat: r[2] as number, lon: r[3] as number,
      pincodeCount: Number(r[4] ?? 0),
    }));
}
