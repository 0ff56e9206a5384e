import { loadDataset } from '../src/geocoding/dataset.ts';
import { fuzzyFind, editDistance } from '../src/geocoding/fuzzy.ts';
const d = loadDataset('data/build');
const idx = d.places;
const list = { items: idx.keys, range: (p: string) => idx.keyRange(p) };
for (let r = 0; r < 3; r++) {
  let t = performance.now(); const w = { count: 0 };
  const h = fuzzyFind(list, 'koramangla', 2, false, w);
  console.log('fuzzy', (performance.now() - t).toFixed(2), w.count, h.length);
  t = performance.now();
  let x = 0; for (let i = 0; i < 3000; i++) x += editDistance('koramangla', 'koramangala', 2);
  console.log('3000 ed', (performance.now() - t).toFixed(2));
  t = performance.now(); for (let i = 0; i < 1000; i++) idx.keyRange('ko'); console.log('1000 ranges', (performance.now() - t).toFixed(2));
}
