// Reads GeoNames' postal-code file for India (data/source/geonames_in_postal.tsv.gz, CC BY 4.0): older and alternative post-office names per pincode.
import { DataError } from './feature.ts';
import { readLines } from './lines.ts';

/** One place name GeoNames lists under a pincode. */
export interface PostalName {
  pincode: string;
  name: string;
}

/** Columns: country, postal code, place name, admin1 name, code, admin2 name, code, admin3 name, code, lat, lon, accuracy. */
export async function readGeonamesPostal(path: string): Promise<PostalName[]> {
  const out: PostalName[] = [];
  for await (const [n, line] of readLines(path)) {
    if (line.trim() === '') continue;
    const f = line.split('\t');
    if (f.length < 3) throw new DataError(`${path}:${n}: expected 12 tab-separated columns, got ${f.length}`);
    if (f[0] !== 'IN' || !/^[1-9]\d{5}$/.test(f[1]!) || !f[2]) continue;
    out.push({ pincode: f[1]!, name: f[2] });
  }
  // Sorted so the build is deterministic whatever the file order.
  return out.sort((a, b) =>
    a.pincode < b.pincode ? -1 : a.pincode > b.pincode ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}
