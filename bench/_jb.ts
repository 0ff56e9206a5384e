import { readFileSync } from 'node:fs';
import { acceptCoordinatesBytes } from '../src/geocoding/fast-accept.ts';
const bufs = readFileSync('/tmp/prof/single.ndjson', 'utf8').trim().split('\n').map((l) => { const u = new TextEncoder().encode(l); const ab = new ArrayBuffer(u.length); new Uint8Array(ab).set(u); return ab; });
let sink = 0;
const N = Number(process.argv[2] ?? 2_000_000);
const t = process.hrtime.bigint();
for (let i = 0; i < N; i++) { const v = acceptCoordinatesBytes(new Uint8Array(bufs[i % bufs.length]!)); sink += v ? v.latitude : 0; }
console.log('fresh view over ArrayBuffer', Number(process.hrtime.bigint() - t) / N, 'ns', sink);
