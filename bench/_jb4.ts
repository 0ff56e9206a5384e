import { readFileSync } from 'node:fs';
import { acceptCoordinatesBytes } from '../src/geocoding/fast-accept.ts';
const bufs = readFileSync('/tmp/prof/single.ndjson', 'utf8').trim().split('\n').map((l) => { const u = new TextEncoder().encode(l); const ab = new ArrayBuffer(u.length); new Uint8Array(ab).set(u); return ab; });
const dec = new TextDecoder('utf-8', { ignoreBOM: true });
const mode = process.argv[2]; const N = Number(process.argv[3]);
let sink = 0;
for (let i = 0; i < N; i++) {
  const ab = bufs[i % bufs.length]!;
  const v = mode === 'bytes' ? acceptCoordinatesBytes(new Uint8Array(ab)) : mode === 'json' ? JSON.parse(dec.decode(ab)) : (new Uint8Array(ab), undefined);
  sink += v ? v.latitude : 0;
}
console.log(sink);
