// Reads the gazetteer point inputs of data/source: wards, railway stations and GeoNames landmarks (open licences), OSM
// POIs and city lists (ODbL).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataError } from './feature.ts';
import { readGeonames } from './read-geonames.ts';
import { readCsv, readLines } from './lines.ts';

/** What a point names: a landmark (monument, place of worship, station, campus) or a locality (ward, suburb...). */
export type PointCategory =
  'ward' | 'railway' | 'metro' | 'police' | 'worship' | 'tourist' | 'institution' | 'city' | 'locality';

/** One named point of a gazetteer input. */
export interface GazetteerPoint {
  category: PointCategory;
  name: string;
  lat: number;
  lon: number;
  /** True for places with a Wikipedia or Wikidata page: the better-known ones. */
  notable: boolean;
  /** Other Latin-script names of the place ("Qutub Minar" for Qutb Minar). */
  aliases?: string[];
}

/** The point files of a data/source directory: open ones go into places.bin, ODbL ones into their own layer. */
export const POINT_FILES = {
  wards: 'datameet_wards.tsv.gz',
  stations: 'datameet_railway_stations.tsv.gz',
  geonames: 'geonames_in_landmarks.tsv.gz',
  osm: 'odbl_osm_india_pois.csv.gz',
  ghmc: 'odbl_ghmc_wards.tsv.gz',
  cities: 'odbl_countrystatecity_in_cities.csv.gz',
} as const;

/** OSM types worth a place entry; statues and viewpoints name no address. */
const OSM_CATEGORY: Record<string, PointCategory> = {
  metro_station: 'metro',
  railway_station: 'railway',
  police_station: 'police',
  place_of_worship: 'worship',
  attraction: 'tourist',
  museum: 'tourist',
  zoo: 'tourist',
  theme_park: 'tourist',
};

/**
 * GeoNames feature codes of the landmarks file and what each names; monuments, forts, palaces, museums, zoos, stadiums
 * and universities are the well-known ones. Sections of a city (PPLX) and localities (PPLL) are localities.
 */
const GEONAMES_CATEGORY: Record<string, [PointCategory, boolean]> = {
  MNMT: ['tourist', true],
  HSTS: ['tourist', true],
  PAL: ['tourist', true],
  MUS: ['tourist', true],
  ZOO: ['tourist', true],
  STDM: ['tourist', true],
  PRK: ['tourist', false],
  GDN: ['tourist', false],
  RUIN: ['tourist', false],
  FT: ['tourist', false],
  LK: ['tourist', false],
  RSV: ['tourist', false],
  AMUS: ['tourist', false],
  TMPL: ['worship', false],
  CH: ['worship', false],
  MSQE: ['worship', false],
  SHRN: ['worship', false],
  UNIV: ['institution', true],
  SCHT: ['institution', false],
  SCH: ['institution', false],
  CTRS: ['institution', false],
  MALL: ['institution', false],
  PPLX: ['locality', false],
  PPLL: ['locality', false],
};

/** GeoNames rows of the codes above, as points. */
async function readGeonamesLandmarks(path: string): Promise<GazetteerPoint[]> {
  const rows = await readGeonames(path, (_, featureCode) => Object.hasOwn(GEONAMES_CATEGORY, featureCode));
  return rows.flatMap(({ name: written, alternates, lat, lon, featureCode }) => {
    if (toTheMinute(lat) && toTheMinute(lon)) return [];
    const [category, notable] = GEONAMES_CATEGORY[featureCode]!;
    // "City Palace, Jaipur": the city after a comma is written as the address's own part.
    const name = written.split(',')[0]!.trim();
    const aliases = alternates.filter((a) => a !== name);
    return [{ category, name, lat, lon, notable, aliases }];
  });
}

/**
 * True for a coordinate given only to the whole minute: about 1.8 km, the next pincode's distance in a city (a lake's
 * or a section's rough centre, "Beliaghata" at 22°34', 88°23'); such a point names no pincode.
 */
function toTheMinute(degrees: number): boolean {
  return Math.abs(degrees * 60 - Math.round(degrees * 60)) < 1e-3;
}

/** The derived TSV files (source, category, name, city, lat, lon). */
async function readPointTsv(path: string): Promise<GazetteerPoint[]> {
  const out: GazetteerPoint[] = [];
  for await (const [n, line] of readLines(path)) {
    if (n === 1 || line.trim() === '') continue;
    const f = line.split('\t');
    if (f.length !== 6) throw new DataError(`${path}:${n}: expected 6 columns, got ${f.length}`);
    out.push({ category: f[1] as PointCategory, name: f[2]!, lat: Number(f[4]), lon: Number(f[5]), notable: false });
  }
  return out;
}

async function readOsm(path: string): Promise<GazetteerPoint[]> {
  const out: GazetteerPoint[] = [];
  for await (const { row } of readCsv(path, ['name', 'osm_type', 'lat', 'lon', 'wikidata', 'wikipedia'])) {
    const category = OSM_CATEGORY[row.osm_type!];
    if (!category || !row.name) continue;
    out.push({
      category,
      name: row.name.trim(),
      lat: Number(row.lat),
      lon: Number(row.lon),
      notable: Boolean(row.wikidata || row.wikipedia),
    });
  }
  return out;
}

async function readCities(path: string): Promise<GazetteerPoint[]> {
  const out: GazetteerPoint[] = [];
  for await (const { row } of readCsv(path, ['name', 'latitude', 'longitude'])) {
    out.push({
      category: 'city',
      name: row.name!.trim(),
      lat: Number(row.latitude),
      lon: Number(row.longitude),
      notable: false,
    });
  }
  return out;
}

/** Every point input present in `dir`, split by licence; absent files (the sample) give none. */
export async function readLandmarks(dir: string): Promise<{ open: GazetteerPoint[]; odbl: GazetteerPoint[] }> {
  const at = (name: string) => (existsSync(join(dir, name)) ? join(dir, name) : null);
  const read = async <T>(name: string, f: (p: string) => Promise<T[]>) => (at(name) ? f(at(name)!) : []);
  const valid = (p: GazetteerPoint) => Number.isFinite(p.lat) && Number.isFinite(p.lon) && p.name !== '';
  return {
    open: [
      ...(await read(POINT_FILES.wards, readPointTsv)),
      ...(await read(POINT_FILES.stations, readPointTsv)),
      ...(await read(POINT_FILES.geonames, readGeonamesLandmarks)),
    ].filter(valid),
    odbl: [
      ...(await read(POINT_FILES.osm, readOsm)),
      ...(await read(POINT_FILES.ghmc, readPointTsv)),
      ...(await read(POINT_FILES.cities, readCities)),
    ].filter(valid),
  };
}

/** The point files present in `dir`, for the manifest and the staleness check. */
export function landmarkInputs(dir: string): string[] {
  return Object.values(POINT_FILES)
    .map((n) => join(dir, n))
    .filter((p) => existsSync(p));
}
