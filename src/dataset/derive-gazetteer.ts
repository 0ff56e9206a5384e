// Derives data/source's small point files from the gazetteer inputs: named municipal wards (inside points) and railway stations.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { transliterate } from '../geocoding/transliterate.ts';

/** One derived point: a ward (its inside point) or a station. */
export interface DerivedPoint {
  source: string;
  category: 'ward' | 'railway';
  name: string;
  city: string;
  lat: number;
  lon: number;
}

/**
 * DataMeet ward files with usable names: folder/file, the name property, the city, and whether the file is ODbL. Zones
 * (Jaipur's, Chennai's) are left out: a zone's inside point is kilometres from the locality it is named after.
 */
const WARD_FILES: Array<{
  file: string;
  prop: string;
  city: string;
  odbl?: boolean;
  webMercator?: boolean;
  /** Names in Devanagari, romanised; wards named after people are left out. */
  devanagari?: boolean;
}> = [
  { file: 'Bangalore/BBMP.geojson', prop: 'KGISWardName', city: 'Bengaluru' },
  { file: 'Bangalore/BBMP_oldWards.geojson', prop: 'WARD_NAME', city: 'Bengaluru' },
  { file: 'Delhi/Delhi_Wards.geojson', prop: 'Ward_Name', city: 'Delhi' },
  { file: 'Lucknow/Lucknow_ward_boundary.geojson', prop: 'Ward Name', city: 'Lucknow' },
  // Kanpur's file gives no CRS and is in Web Mercator metres (EPSG:3857), not degrees.
  { file: 'Kanpur/Kanpur_wards.geojson', prop: 'Ward Name', city: 'Kanpur', webMercator: true },
  { file: 'Ahmedabad/Wards.geojson', prop: 'Name', city: 'Ahmedabad' },
  { file: 'Pune/pune-electoral-wards_2022.geojson', prop: 'Name2', city: 'Pune' },
  { file: 'Vadodara/vardodara_wards.geojson', prop: 'ward_name', city: 'Vadodara' },
  { file: 'Chandigarh/Chandigarh_Sectors.geojson', prop: 'Sector_nam', city: 'Chandigarh' },
  { file: 'Bhubaneswar/Police_Jurisdiction.geojson', prop: 'Name', city: 'Bhubaneswar' },
  { file: 'Bhopal/Bhopal_wards.geojson', prop: 'Name', city: 'Bhopal', devanagari: true },
  { file: 'Kochi/KCH_wards.geojson', prop: 'Ward_Name', city: 'Kochi' },
  { file: 'Hyderabad/ghmc-wards.geojson', prop: 'name', city: 'Hyderabad', odbl: true },
];

/**
 * Words of a ward named after a person ("Rani Avantibai", "Pandit Ravishankar Shukla", "Mahatma Gandhi"), romanised:
 * a memorial, not the locality's name.
 */
const PERSON_WORDS = new RegExp(
  '\\b(?:' +
    'rani|maharani|maharana|raja|pandit|svami|swami|molana|maulana|babu|sadhu|gosvami|goswami|dae|dr|chatrapti|' +
    'chhatrapati|shri|sri|gandhi|nehru|indira|rajiv|subhash|ambedkar|shivaji|shastri|tagore|taigor|kasturba|gurunanak' +
    ')\\b',
);

/** True when a romanised ward name is a person's. */
export function namesPerson(name: string): boolean {
  return PERSON_WORDS.test(name.toLowerCase());
}

/** Ward names as places: "Ward 91 Khairatabad" -> Khairatabad, "48 RAMOL HATHIJAN" -> Ramol Hathijan, "Dhanori - Vishrantwadi" -> both. */
export function wardNames(raw: string, city: string): string[] {
  if (city === 'Chandigarh' && /^\d+$/.test(raw.trim())) return [`Sector ${raw.trim()}`];
  const text = raw
    .replace(/^\s*ward\s+\d+\s*/i, '')
    .replace(/^\s*\d+\s+/, '')
    .replace(/\b(?:ward|police station|charge\s*\d+|part\s*\d+|\d+(?:st|nd|rd|th))\s*$/i, '')
    .replace(/\bansik\b/i, '')
    .trim();
  if (/^(?:zone|ward)?\s*\d*$/i.test(text) || /\bcharge\b|\bcantt?\b|\bndmc\b/i.test(text)) return [];
  const titled = (s: string) =>
    s
      .toLowerCase()
      .replace(/\b[a-z]/g, (c) => c.toUpperCase())
      .trim();
  return text
    .split(/\s+-\s*|\s*-\s+/)
    .map(titled)
    .filter((n) => n.length >= 3 && /^[A-Za-z .()]+$/.test(n));
}

type Ring = number[][];

/** A point inside a (multi)polygon: the middle of the widest interval on the middle scanline of its largest ring. */
export function wardPoint(geometry: { type: string; coordinates: unknown }): [number, number] | null {
  const polys = (
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : []
  ) as Ring[][];
  let best: Ring[] | null = null;
  let bestArea = 0;
  for (const poly of polys) {
    const a = Math.abs(ringArea(poly[0] ?? []));
    if (a > bestArea) [best, bestArea] = [poly, a];
  }
  if (!best) return null;
  const ys = best[0]!.map((p) => p[1]!);
  const y = (Math.min(...ys) + Math.max(...ys)) / 2 + 1e-9;
  const xs: number[] = [];
  for (const ring of best) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[i]!;
      const [x2, y2] = ring[j]!;
      if (y1! > y !== y2! > y) xs.push(x1! + ((y - y1!) * (x2! - x1!)) / (y2! - y1!));
    }
  }
  xs.sort((a, b) => a - b);
  let pick: [number, number] | null = null;
  let width = 0;
  for (let k = 0; k + 1 < xs.length; k += 2) {
    if (xs[k + 1]! - xs[k]! > width) [width, pick] = [xs[k + 1]! - xs[k]!, [(xs[k]! + xs[k + 1]!) / 2, y]];
  }
  return pick && [round6(pick[1]), round6(pick[0])];
}

function ringArea(ring: Ring): number {
  let s = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    s += (ring[j]![0]! + ring[i]![0]!) * (ring[j]![1]! - ring[i]![1]!);
  return s / 2;
}

/** Web Mercator metres ([northing, easting], as wardPoint gives them) -> [lat, lon] in degrees. */
export function fromWebMercator([y, x]: [number, number]): [number, number] {
  const R = 6378137;
  const lat = (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
  return [round6(lat), round6((x / R) * (180 / Math.PI))];
}

/** True for a [lat, lon] within India's bounding box. */
function inIndia([lat, lon]: [number, number]): boolean {
  return lat >= 6 && lat <= 38 && lon >= 68 && lon <= 98;
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** Named ward points of the DataMeet files under `dir`, split by licence (the GHMC file is OSM-derived). */
export function deriveWards(dir: string): { open: DerivedPoint[]; odbl: DerivedPoint[] } {
  const open: DerivedPoint[] = [];
  const odbl: DerivedPoint[] = [];
  for (const w of WARD_FILES) {
    for (const f of readFeatures(join(dir, w.file))) {
      const raw = f.properties[w.prop];
      const found = f.geometry ? wardPoint(f.geometry) : null;
      if (typeof raw !== 'string' && typeof raw !== 'number') continue;
      if (!found) continue;
      const point = w.webMercator ? fromWebMercator(found) : found;
      // "बी.एच.ई.एल.": initials run together are read back as letters (BHEL), dotted they are not.
      const text = w.devanagari ? transliterate(String(raw).replace(/\./g, '').trim()) : String(raw);
      if (w.devanagari && namesPerson(text)) continue;
      // A file in another projection than declared would put every ward outside India, where the build drops it.
      if (!inIndia(point)) throw new Error(`${w.file}: ward ${String(raw)} at ${point.join(', ')} is not in India`);
      for (const name of wardNames(text, w.city)) {
        (w.odbl ? odbl : open).push({
          source: `datameet:${w.file}`,
          category: 'ward',
          name,
          city: w.city,
          lat: point[0],
          lon: point[1],
        });
      }
    }
  }
  return { open, odbl };
}

type WardFeature = { properties: Record<string, unknown>; geometry: { type: string; coordinates: unknown } | null };

/** A FeatureCollection's features, or a file of one Feature per line (Kochi's). */
function readFeatures(path: string): WardFeature[] {
  const text = readFileSync(path, 'utf8');
  if (/^\s*\{\s*"type"\s*:\s*"Feature"\s*,/.test(text))
    return text.split('\n').flatMap((line) => (line.trim() ? [JSON.parse(line) as WardFeature] : []));
  return (JSON.parse(text) as { features: WardFeature[] }).features;
}

/** Stations with coordinates from datameet/railways stations.json. */
export function deriveStations(stationsJson: string): DerivedPoint[] {
  const fc = JSON.parse(readFileSync(stationsJson, 'utf8')) as {
    features: Array<{
      geometry: { coordinates: [number, number] } | null;
      properties: { name: string; state: string | null; code: string };
    }>;
  };
  return fc.features.flatMap((f) => {
    if (!f.geometry || !f.properties.name || /^[XY]{2}-/.test(f.properties.code)) return [];
    const [lon, lat] = f.geometry.coordinates;
    return [
      {
        source: `datameet-railways:${f.properties.code}`,
        category: 'railway' as const,
        name: f.properties.name.trim(),
        city: f.properties.state ?? '',
        lat: round6(lat),
        lon: round6(lon),
      },
    ];
  });
}

/** Writes points as a gzipped TSV (source, category, name, city, lat, lon), sorted so the bytes never depend on input order. */
export function writePoints(path: string, points: DerivedPoint[]): void {
  const lines = points
    .map((p) => [p.source, p.category, p.name, p.city, p.lat.toFixed(6), p.lon.toFixed(6)].join('\t'))
    .sort();
  writeFileSync(path, gzipSync(`source\tcategory\tname\tcity\tlat\tlon\n${lines.join('\n')}\n`, { level: 9 }));
}
