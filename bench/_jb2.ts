import { readFileSync } from 'node:fs';
import { acceptCoordinatesBytes } from '../src/geocoding/fast-accept.ts';
const bufs = readFileSync('/tmp/prof/single.ndjson', 'utf8').trim().split('\n').map((l) => { const u = new TextEncoder().encode(l); const ab = new ArrayBuffer(u.length); new Uint8Array(ab).set(u); return ab; });
const dec = new TextDecoder('utf-8', { ignoreBOM: true });
let sink = 0;
function run(name: string, f: (b: ArrayBuffer) => { latitude: number } | undefined) {
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < 2_000_000; i++) { const v = f(bufs[i % bufs.length]!); sink += v ? v.latitude : 0; }
    console.log(name, (Number(process.hrtime.bigint() - t) / 2e6).toFixed(1), 'ns');
  }
}
run('bytes', (ab) => acceptCoordinatesBytes(new Uint8Array(ab)));
run('decode+parse', (ab) => JSON.parse(dec.decode(ab)));
console.log(sink);
