// Opens the built dataset once per process: places.bin eagerly (fast), the native boundary index and gazetteer.sqlite on first use.
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BoundaryIndex } from '../native/boundary-index.ts';
import { PlaceFile } from './place-file.ts';
import { PlaceIndex } from './place-index.ts';

/** Postal facts of one pincode, as routes and checkout read them. */
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
}

/** Counts of the build (manifest.json), so stats need not open the native index. */
export interface DatasetCounts {
  polygons: number;
  pincodes: number;
  offices: number;
  states: number;
  divisions: number;
}

/** Map-like pincode access over the places.bin columns (rows are made on demand, ~20k pincodes). */
export class PincodeTable {
  constructor(private readonly idx: PlaceIndex) {}

  get size(): number {
    return this.idx.pinCode.length;
  }

  get(pincode: string): PincodeRow | undefined {
    const p = this.idx.pinOf(pincode);
    if (p < 0) return undefined;
    const area = this.idx.areas[this.idx.pinArea[p]!];
    const bnd = this.idx.pinBoundary[p]!;
    const [lat, lon] = this.idx.pinPoint(p);
    return {
      pincode,
      state: area?.state ?? null,
      district: area?.district ?? null,
      division: this.idx.pinDivision[p] || null,
      delivery: this.idx.pinFlags[p] === 1,
      officeCount: this.idx.pinOffices[p]!,
      boundaryId: bnd >= 0 ? bnd : null,
      lat: Number.isFinite(lat) ? lat : null,
      lon: Number.isFinite(lon) ? lon : null,
    };
  }
}

export class Dataset {
  readonly places: PlaceIndex;
  readonly pincodes: PincodeTable;
  readonly kind: 'full' | 'sample';
  readonly counts: DatasetCounts;
  /** Milliseconds spent opening places.bin (the native index is timed separately when it opens). */
  readonly loadMs: number;
  indexMs = 0;
  private boundaryIndex: BoundaryIndex | null = null;
  private db: Database.Database | null = null;
  private officesOf: Database.Statement | null = null;

  constructor(readonly dir: string) {
    const started = performance.now();
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
      dataset: 'full' | 'sample';
      counts: DatasetCounts;
    };
    this.kind = manifest.dataset;
    this.counts = manifest.counts;
    this.places = new PlaceIndex(PlaceFile.open(join(dir, 'places.bin')));
    this.pincodes = new PincodeTable(this.places);
    if (this.places.bndPin.length !== this.counts.polygons) {
      throw new Error(`places.bin has ${this.places.bndPin.length} boundaries, the manifest ${this.counts.polygons}`);
    }
    this.loadMs = performance.now() - started;
  }

  /** The native point-in-polygon index (a mapped file: tens of ms to open, shared by every thread), opened by the first point lookup. */
  get index(): BoundaryIndex {
    if (!this.boundaryIndex) {
      const started = performance.now();
      const index = BoundaryIndex.open(join(this.dir, 'boundaries.bin'));
      if (index.size !== this.places.bndPin.length)
        throw new Error(`boundaries.bin has ${index.size} polygons, places.bin ${this.places.bndPin.length}`);
      this.boundaryIndex = index;
      this.indexMs = performance.now() - started;
    }
    return this.boundaryIndex;
  }

  /** True once the native index is open. */
  get indexOpen(): boolean {
    return this.boundaryIndex !== null;
  }

  /** Every directory office of `pincode` (duplicates included), read from gazetteer.sqlite. */
  offices(pincode: string): Array<{ name: string; type: string; delivery: boolean }> {
    if (!this.officesOf) {
      this.db = new Database(join(this.dir, 'gazetteer.sqlite'), { readonly: true, fileMustExist: true });
      this.officesOf = this.db
        .prepare('SELECT office_name, office_type, delivery FROM offices WHERE pincode = ? ORDER BY rowid')
        .raw();
    }
    return (this.officesOf.all(pincode) as Array<[string | null, string | null, number | null]>).map(
      ([name, type, delivery]) => ({
        name: name ?? '',
        type: type ?? '',
        delivery: delivery === 1,
      }),
    );
  }
}

const cache = new Map<string, Dataset>();

/** The dataset in `dir` (places.bin, boundaries.bin, gazetteer.sqlite, manifest.json), opened once per process. */
export function loadDataset(dir: string): Dataset {
  const key = resolve(dir);
  let dataset = cache.get(key);
  if (!dataset) {
    dataset = new Dataset(key);
    cache.set(key, dataset);
  }
  return dataset;
}
