import { loadDataset } from '../src/geocoding/dataset.ts';
import { parseAddress } from '../src/geocoding/address-parser.ts';
const idx = loadDataset('data/build').places;
for (const key of process.argv.slice(3)) {
  const k = idx.keyIndex(key);
  const out = [];
  if (k >= 0) for (let j = idx.keyAt[k]!; j < Math.min(idx.keyAt[k + 1]!, idx.keyAt[k]! + 8); j++) { const id = idx.keyEnt[j]!; out.push(`${idx.name(id)}/${idx.kindName(id)}/${idx.pinCode[idx.pin[id]!]}/${idx.areas[idx.area[id]!]?.district}/${idx.importance[id]!.toFixed(2)}`); }
  console.log(key, k, out);
}
console.log(JSON.stringify(parseAddress(process.argv[2] ?? '').parts));
