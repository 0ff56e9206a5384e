import { loadDataset } from '../src/geocoding/dataset.ts';
import { parseAddress } from '../src/geocoding/address-parser.ts';
import { Geocoder } from '../src/geocoding/geocoder.ts';
const idx = loadDataset('data/build').places;
const g = new Geocoder(idx);
for (const a of process.argv.slice(2)) {
  const [address, city] = a.split('|');
  console.log(a, JSON.stringify(parseAddress(address!, city).parts));
  const r = g.geocode({ address: address!, city });
  console.log('  ->', r?.pincode, r?.match_level, r?.confidence, r?.formatted);
}
