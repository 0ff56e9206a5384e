// `tsx scripts/derive-gazetteer.ts <gazetteer dir> <railways stations.json>`: writes data/source's ward, station and ODbL point files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { deriveStations, deriveWards, writePoints } from '../src/dataset/derive-gazetteer.ts';
import { defaultInputDir } from '../src/dataset/paths.ts';

const [gazetteer, stations] = process.argv.slice(2);
if (!gazetteer || !stations) throw new Error('usage: derive-gazetteer.ts <gazetteer dir> <stations.json>');
const out = defaultInputDir();
const wards = deriveWards(join(gazetteer, 'datameet-municipal-spatial-data'));
writePoints(join(out, 'datameet_wards.tsv.gz'), wards.open);
writePoints(join(out, 'odbl_ghmc_wards.tsv.gz'), wards.odbl);
writePoints(join(out, 'datameet_railway_stations.tsv.gz'), deriveStations(stations));
// The two ODbL tables are taken byte for byte (gzip only), so their provenance stays checkable.
const copy = (from: string, to: string) =>
  writeFileSync(join(out, to), gzipSync(readFileSync(join(gazetteer, from)), { level: 9 }));
copy('osm-india-pois/osm_india_pois.csv', 'odbl_osm_india_pois.csv.gz');
copy('countrystatecity-countries/IN_cities.csv', 'odbl_countrystatecity_in_cities.csv.gz');
console.log(`wards ${wards.open.length} (+${wards.odbl.length} ODbL), stations written to ${out}`);
