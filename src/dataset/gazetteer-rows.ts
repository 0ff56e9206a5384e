// Joins boundaries, directory and crosswalk into the gazetteer's rows (pure: no I/O, deterministic order).
import type { RawFeature } from './feature.ts';
import { containsE6, toE6, type PartE6 } from './geometry.ts';
import { median } from './median.ts';
import { headOfficePlaces } from './border-pincodes.ts';
import { misplacedPincodes, type Relocation } from './misplaced-pincodes.ts';
import { Canon, circleKey, divisionKey, localityOf } from './normalise.ts';
import { mostFrequent, type OfficeRow, type PlaceOfPincode } from './read-directory.ts';
import type { Report } from './report.ts';
import type { StateLocator } from './states.ts';

/** A processed boundary feature; `id` is its index in boundaries.bin (pincode order). */
export interface BoundaryFeature extends Omit<RawFeature, 'geometry'> {
  id: number;
  parts: PartE6[];
  /** [lon, lat] in degrees, strictly inside the polygon. */
  inside: [number, number];
  /** [minLon, minLat, maxLon, maxLat] in microdegrees. */
  bboxE6: [number, number, number, number];
}

/** A `boundaries` row; `id` is the polygon id in boundaries.bin. */
export interface BoundaryRow {
  id: number;
  pincode: string;
  office_name: string | null;
  locality: string | null;
  division: string | null;
  region: string | null;
  circle: string | null;
  state: string | null;
  district: string | null;
  delivery: 0 | 1;
  inside_lat: number;
  inside_lon: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

/** A `pincodes` row: the union of directory and boundary pincodes. */
export interface PincodeRow {
  pincode: string;
  state: string | null;
  district: string | null;
  division: string | null;
  circle: string | null;
  delivery: 0 | 1 | null;
  office_count: number;
  has_boundary: 0 | 1;
  boundary_id: number | null;
  lat: number | null;
  lon: number | null;
}

/** A `districts` (with district) or `states` row; the point is the median of its pincodes' points. */
export interface AreaRow {
  state: string | null;
  district?: string | null;
  lat: number | null;
  lon: number | null;
  pincode_count: number;
}

/** Every table's rows in insert order. */
export interface GazetteerRows {
  boundaries: BoundaryRow[];
  offices: OfficeRow[];
  pincodes: PincodeRow[];
  districts: AreaRow[];
  states: AreaRow[];
}

/** Sources of the join; `offices`/`places`/`locateState` are null when that input file is absent. */
export interface GazetteerSources {
  features: BoundaryFeature[];
  offices: OfficeRow[] | null;
  places: Map<string, PlaceOfPincode> | null;
  locateState: StateLocator | null;
}

/** Builds every table's rows; division and circle spellings are unified across both sources. */
export function assembleGazetteer(sources: GazetteerSources, report: Report): GazetteerRows {
  const offices = canonicalise(sources);
  const officesByPincode = groupBy(offices, (o) => o.pincode);
  const points = pincodePoints(sources.features, officesByPincode);
  const places = relocated(sources, officesByPincode, points, report);
  const fromPolygon: string[] = [];
  const placeOf = (pincode: string, point: [number, number] | null): PlaceOfPincode => {
    const place = places?.get(pincode) ?? { state: null, district: null };
    if (place.state !== null || point === null || !sources.locateState) return place;
    const state = sources.locateState(point[0], point[1]);
    if (state !== null) fromPolygon.push(pincode);
    return { state, district: place.district };
  };
  const hasDirectory = sources.offices !== null;
  const boundaries = sources.features.map((f) => boundaryRow(f, placeOf(f.pincode, f.inside), officesByPincode));
  const pincodes = pincodeRows(boundaries, officesByPincode, points, placeOf, hasDirectory);
  report.derive('state_from_polygon', fromPolygon.sort());
  report.derive(
    'pincodes_without_state',
    pincodes.filter((p) => p.state === null).map((p) => p.pincode),
  );
  report.derive(
    'pincodes_without_point',
    pincodes.filter((p) => p.lat === null).map((p) => p.pincode),
  );
  return {
    boundaries,
    offices,
    pincodes,
    districts: areaRows(pincodes, (p) => (p.district === null ? null : [p.state, p.district])),
    states: areaRows(pincodes, (p) => (p.state === null ? null : [p.state])),
  };
}

/**
 * The sources' state and district of each pincode: a pincode across a state line takes its head office's, and those
 * the directory misfiles go where their point is.
 */
function relocated(
  sources: GazetteerSources,
  officesByPincode: ReadonlyMap<string, OfficeRow[]>,
  points: ReadonlyMap<string, [number, number]>,
  report: Report,
): Map<string, PlaceOfPincode> | null {
  if (!sources.places) return null;
  const places = new Map(sources.places);
  const border = headOfficePlaces(places, officesByPincode);
  for (const m of border) places.set(m.pincode, m.to);
  report.derive('pincodes_of_head_office_state', border.map(relocationText));
  if (!sources.locateState) return places;
  const moves = misplacedPincodes(places, points, sources.locateState);
  for (const m of moves) places.set(m.pincode, m.to);
  report.derive('pincodes_relocated', moves.map(relocationText));
  return places;
}

const relocationText = (m: Relocation) =>
  `${m.pincode}: ${m.from.district}, ${m.from.state} -> ${m.to.district}, ${m.to.state}`;

/** Head office, sub office, branch office: where a pincode's addresses cluster, the town before its villages. */
const OFFICE_RANK: Record<string, number> = { HO: 0, PO: 1, BO: 2 };

/**
 * Each pincode's [lon, lat]: its foremost post office inside its polygon (head, then sub, then branch office; one that
 * delivers first), else the polygon's inside point, else the median of its offices' (none without any). A large rural
 * polygon's inside point can lie far from anyone: 194101's is 200 km from Leh, its head office.
 */
function pincodePoints(
  features: BoundaryFeature[],
  officesByPincode: Map<string, OfficeRow[]>,
): Map<string, [number, number]> {
  const points = new Map<string, [number, number]>();
  const atOffice = new Set<string>();
  for (const f of features) {
    const office = atOffice.has(f.pincode) ? null : foremostOffice(f, officesByPincode.get(f.pincode));
    if (office) atOffice.add(f.pincode);
    if (office || !points.has(f.pincode)) points.set(f.pincode, office ?? f.inside);
  }
  for (const [pincode, offices] of officesByPincode) {
    const point = points.has(pincode) ? null : medianPoint(offices);
    if (point) points.set(pincode, point);
  }
  return points;
}

/** Resolves the division/circle spellings of both sources with one Canon each. */
function canonicalise(sources: GazetteerSources): OfficeRow[] {
  const divisions = new Canon(divisionKey);
  const circles = new Canon(circleKey);
  for (const item of [...sources.features, ...(sources.offices ?? [])]) {
    divisions.add(item.division);
    circles.add(item.circle);
  }
  for (const f of sources.features) {
    f.division = divisions.resolve(f.division);
    f.circle = circles.resolve(f.circle);
  }
  return (sources.offices ?? []).map((o) => ({
    ...o,
    division: divisions.resolve(o.division),
    circle: circles.resolve(o.circle),
  }));
}

function boundaryRow(f: BoundaryFeature, place: PlaceOfPincode, offices: Map<string, OfficeRow[]>): BoundaryRow {
  const [minLon, minLat, maxLon, maxLat] = f.bboxE6;
  return {
    id: f.id,
    pincode: f.pincode,
    office_name: f.officeName,
    locality: localityOf(f.officeName),
    division: f.division,
    region: f.region,
    circle: f.circle,
    state: place.state,
    district: place.district,
    delivery: offices.get(f.pincode)?.some((o) => o.delivery === 1) ? 1 : 0,
    inside_lat: f.inside[1],
    inside_lon: f.inside[0],
    min_lon: minLon / 1e6,
    min_lat: minLat / 1e6,
    max_lon: maxLon / 1e6,
    max_lat: maxLat / 1e6,
  };
}

function pincodeRows(
  boundaries: BoundaryRow[],
  officesByPincode: Map<string, OfficeRow[]>,
  points: ReadonlyMap<string, [number, number]>,
  placeOf: (pincode: string, point: [number, number] | null) => PlaceOfPincode,
  hasDirectory: boolean,
): PincodeRow[] {
  const byPincode = new Map(boundaries.map((b) => [b.pincode, b]));
  const all = [...new Set([...byPincode.keys(), ...officesByPincode.keys()])].sort();
  return all.map((pincode) => {
    const b = byPincode.get(pincode);
    const offices = officesByPincode.get(pincode) ?? [];
    const point = points.get(pincode) ?? null;
    const place = b ? { state: b.state, district: b.district } : placeOf(pincode, point);
    return {
      pincode,
      state: place.state,
      district: place.district,
      division: b ? b.division : mostFrequent(offices.map((o) => o.division)),
      circle: b ? b.circle : mostFrequent(offices.map((o) => o.circle)),
      delivery: hasDirectory ? (offices.some((o) => o.delivery === 1) ? 1 : 0) : null,
      office_count: offices.length,
      has_boundary: b ? 1 : 0,
      boundary_id: b ? b.id : null,
      lat: point?.[1] ?? null,
      lon: point?.[0] ?? null,
    };
  });
}

/** The best-ranked office of `f`'s pincode whose coordinates lie inside `f` (a misplaced office's do not). */
function foremostOffice(f: BoundaryFeature, offices: OfficeRow[] | undefined): [number, number] | null {
  let best: OfficeRow | null = null;
  const rank = (o: OfficeRow) => (OFFICE_RANK[o.officeType ?? ''] ?? 3) * 2 + (o.delivery === 1 ? 0 : 1);
  for (const o of offices ?? []) {
    if (o.lat === null || o.lon === null || (best !== null && rank(o) >= rank(best))) continue;
    if (containsE6(f.parts, toE6(o.lon), toE6(o.lat))) best = o;
  }
  return best ? [best.lon!, best.lat!] : null;
}

/** Component-wise median [lon, lat] of the offices with sane coordinates, or null. */
function medianPoint(offices: OfficeRow[]): [number, number] | null {
  const located = offices.filter((o) => o.lat !== null && o.lon !== null);
  if (located.length === 0) return null;
  return [median(located.map((o) => o.lon!)), median(located.map((o) => o.lat!))];
}

/** Groups pincodes by a (state[, district]) key in code-point order; point = median of member points. */
function areaRows(pincodes: PincodeRow[], keyOf: (p: PincodeRow) => (string | null)[] | null): AreaRow[] {
  // NUL sorts below every character, so joined keys order like tuples; clean names are never empty.
  const groups = groupBy(
    pincodes.filter((p) => keyOf(p) !== null),
    (p) =>
      keyOf(p)!
        .map((v) => v ?? '')
        .join('\0'),
  );
  return [...groups.keys()].sort().map((key) => {
    const members = groups.get(key)!;
    const [state, district] = key.split('\0');
    const located = members.filter((p) => p.lat !== null && p.lon !== null);
    const row: AreaRow = {
      state: state || null,
      lat: located.length ? median(located.map((p) => p.lat!)) : null,
      lon: located.length ? median(located.map((p) => p.lon!)) : null,
      pincode_count: members.length,
    };
    if (district !== undefined) row.district = district;
    return row;
  });
}

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = groups.get(key);
    if (list) list.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
