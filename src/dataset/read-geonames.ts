// Reads the GeoNames cities500 rows for India (data/source/geonames_in_cities500.tsv.gz, CC BY 4.0): towns with populations and alternate names.
import { DataError } from './feature.ts';
import { readLines } from './lines.ts';

/** One place of GeoNames (a populated place, feature class P, unless the reader was asked for others). */
export interface GeonamesPlace {
  id: number;
  /** ASCII name ("Karol Bagh" for "Karol Bāgh"). */
  name: string;
  /** Latin-script alternate names, ASCII-folded by the caller; other scripts dropped here. */
  alternates: string[];
  lat: number;
  lon: number;
  /** GeoNames feature code: PPL, PPLA (state seat), PPLA2 (district seat), PPLC (capital), PPLX (section of a city)... */
  featureCode: string;
  population: number;
}

/** Latin letters (with accents), spaces and the punctuation names use; anything else is another script. */
const LATIN = /^[A-Za-z\u00c0-\u024f\u1e00-\u1eff .'()-]+$/;

/**
 * Columns: geonameid, name, asciiname, alternatenames, lat, lon, class, code, country, cc2, admin1..4, population, ...
 * The rows of India with a point whose feature class and code `keep` accepts (populated places, class P, by default).
 */
export async function readGeonames(
  path: string,
  keep: (featureClass: string, featureCode: string) => boolean = (featureClass) => featureClass === 'P',
): Promise<GeonamesPlace[]> {
  const places: GeonamesPlace[] = [];
  for await (const [n, line] of readLines(path)) {
    if (line.trim() === '') continue;
    const f = line.split('\t');
    if (f.length < 15) throw new DataError(`${path}:${n}: expected 19 tab-separated columns, got ${f.length}`);
    const lat = Number(f[4]);
    const lon = Number(f[5]);
    if (f[8] !== 'IN' || !keep(f[6]!, f[7]!) || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
    places.push({
      id: Number(f[0]),
      name: f[2] || f[1]!,
      alternates: (f[3] ?? '').split(',').filter((a) => a.length >= 4 && LATIN.test(a)),
      lat,
      lon,
      featureCode: f[7]!,
      population: Number(f[14]) || 0,
    });
  }
  return places.sort((a, b) => a.id - b.id);
}
