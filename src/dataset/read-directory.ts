// Reads the post office directory CSV and the per-pincode crosswalk (state/district, most frequent first).
import { checkCoordinate, type CoordinateKind } from './coordinates.ts';
import { DataError } from './feature.ts';
import { readCsv } from './lines.ts';
import { clean, cleanCircle, cleanDivision, cleanRegion, normaliseDistrict, normaliseState } from './normalise.ts';
import type { Report } from './report.ts';

/** One post office row, names cleaned (divisions and circles get their canonical spelling later). */
export interface OfficeRow {
  pincode: string;
  officeName: string | null;
  officeType: string | null;
  delivery: 0 | 1;
  division: string | null;
  region: string | null;
  circle: string | null;
  district: string | null;
  state: string | null;
  lat: number | null;
  lon: number | null;
}

const DIRECTORY_COLUMNS = [
  'circlename',
  'regionname',
  'divisionname',
  'officename',
  'pincode',
  'officetype',
  'delivery',
  'district',
  'statename',
  'latitude',
  'longitude',
] as const;

const PINCODE = /^[1-9][0-9]{5}$/;

/** All directory rows in file order; coordinate kinds are counted into the report. */
export async function readDirectory(path: string, report: Report): Promise<OfficeRow[]> {
  const rows: OfficeRow[] = [];
  const kinds = new Map<CoordinateKind, number>();
  for await (const { line, row } of readCsv(path, DIRECTORY_COLUMNS)) {
    const pincode = row.pincode!.trim();
    if (!PINCODE.test(pincode)) throw new DataError(`directory line ${line}: pincode "${pincode}" is not 6 digits`);
    const coordinate = checkCoordinate(row.latitude!, row.longitude!);
    kinds.set(coordinate.kind, (kinds.get(coordinate.kind) ?? 0) + 1);
    rows.push({
      pincode,
      officeName: clean(row.officename),
      officeType: clean(row.officetype),
      delivery: /^delivery$/i.test(row.delivery!.trim()) ? 1 : 0,
      division: cleanDivision(row.divisionname),
      region: cleanRegion(row.regionname),
      circle: cleanCircle(row.circlename),
      district: normaliseDistrict(row.district),
      state: normaliseState(row.statename),
      lat: coordinate.lat,
      lon: coordinate.lon,
    });
    if (rows.length % 50_000 === 0) report.progress(`directory: ${rows.length} rows`);
  }
  for (const kind of ['ok', 'swapped', 'missing', 'malformed', 'zero', 'outside_india'] as const) {
    report.derive(`office_coordinates_${kind}`, kinds.get(kind) ?? 0);
  }
  report.fix('office_coordinates_swapped', kinds.get('swapped') ?? 0);
  return rows;
}

/** State and district of one pincode (null when the directory says "NA"). */
export interface PlaceOfPincode {
  state: string | null;
  district: string | null;
}

/** Crosswalk rows: the first non-"NA" entry of dir_states / dir_districts (most frequent first). */
export async function readCrosswalk(path: string): Promise<Map<string, PlaceOfPincode>> {
  const places = new Map<string, PlaceOfPincode>();
  for await (const { row } of readCsv(path, ['pincode', 'dir_states', 'dir_districts'])) {
    places.set(row.pincode!.trim(), {
      state: firstOf(row.dir_states!, normaliseState),
      district: firstOf(row.dir_districts!, normaliseDistrict),
    });
  }
  return places;
}

function firstOf(joined: string, normalise: (v: string) => string | null): string | null {
  for (const value of joined.split('|')) {
    const name = normalise(value);
    if (name !== null) return name;
  }
  return null;
}

/** Without a crosswalk file: the most frequent state/district among each pincode's offices (ties: first seen). */
export function placesFromOffices(offices: OfficeRow[]): Map<string, PlaceOfPincode> {
  const byPincode = new Map<string, OfficeRow[]>();
  for (const office of offices) {
    const list = byPincode.get(office.pincode) ?? [];
    list.push(office);
    byPincode.set(office.pincode, list);
  }
  const places = new Map<string, PlaceOfPincode>();
  for (const [pincode, list] of byPincode) {
    places.set(pincode, {
      state: mostFrequent(list.map((o) => o.state)),
      district: mostFrequent(list.map((o) => o.district)),
    });
  }
  return places;
}

/** Most frequent non-null value; ties go to the value seen first. */
export function mostFrequent(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [value, count] of counts) if (count > bestCount) [best, bestCount] = [value, count];
  return best;
}
