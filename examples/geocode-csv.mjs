// Geocodes a CSV of addresses with progress: node geocode-csv.mjs addresses.csv > geocoded.csv (GEOPIN_URL, GEOPIN_KEY).
import { readFileSync } from 'node:fs';
import { LocationClient, parseCsv } from '@geopin/client';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node geocode-csv.mjs addresses.csv > geocoded.csv   (columns: address, city, state, pincode)');
  process.exit(2);
}
const geo = new LocationClient({
  baseUrl: process.env.GEOPIN_URL ?? 'http://localhost:3000',
  apiKey: process.env.GEOPIN_KEY,
});

const rows = parseCsv(readFileSync(file, 'utf8'));
const addresses = rows.map(({ address = '', city, state, pincode }) => ({ address, city, state, pincode }));
// 100 addresses per request, two requests in flight; results come back in input order whatever the concurrency.
const { results, succeeded, failed } = await geo.geocodeMany(addresses, {
  concurrency: 2,
  onProgress: ({ done, total }) => process.stderr.write(`\rgeocoded ${done}/${total}`),
});
process.stderr.write(`\n${succeeded} placed, ${failed} not placed\n`);

const quote = (value) => (/[",\n\r]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value));
console.log(['address', 'pincode', 'latitude', 'longitude', 'geopin', 'confidence', 'error'].join(','));
for (const [i, result] of results.entries()) {
  const found = result.success ? result.data : null;
  const cells = [
    rows[i].address ?? '',
    found?.pincode ?? '',
    found?.coordinates.latitude ?? '',
    found?.coordinates.longitude ?? '',
    found?.geopin ?? '',
    found?.confidence ?? '',
    result.success ? '' : result.error.code,
  ];
  console.log(cells.map(quote).join(','));
}
