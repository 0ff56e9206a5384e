import { readFileSync } from 'node:fs';
import { acceptCoordinatesBytes } from '../src/geocoding/fast-accept.ts';
const bufs = readFileSync('/tmp/prof/single.ndjson', 'utf8').trim().split('\n').map((l) => { const u = new TextEncoder().encode(l); const ab = new ArrayBuffer(u.length); new Uint8Array(ab).set(u); return ab; });
const LAT = Buffer.from('{"latitude":'), LON = Buffer.from(',"longitude":');
const POW10 = [1,1e1,1e2,1e3,1e4,1e5,1e6,1e7,1e8,1e9,1e10,1e11,1e12,1e13,1e14,1e15,1e16,1e17,1e18,1e19,1e20,1e21,1e22];
let numOut = 0;
function num(b: Uint8Array, i: number, end: number) {
  let neg = false; if (b[i] === 45) { neg = true; i++; }
  let m = 0, digits = 0, scale = 0, c = b[i]!;
  if (c < 48 || c > 57) return -1;
  while (i < end && (c = b[i]!) >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; i++; }
  if (c === 46) { i++; while (i < end && (c = b[i]!) >= 48 && c <= 57) { m = m * 10 + (c - 48); digits++; scale++; i++; } if (scale === 0) return -1; }
  if (digits > 16 || m > 9007199254740991) return -1;
  numOut = neg ? -(m / POW10[scale]!) : m / POW10[scale]!;
  return i;
}
function parseCoords(b: Uint8Array) {
  const n = b.length; let i = 0;
  for (let k = 0; k < LAT.length; k++) if (b[i++] !== LAT[k]) return undefined;
  i = num(b, i, n); if (i < 0) return undefined; const lat = numOut;
  for (let k = 0; k < LON.length; k++) if (b[i++] !== LON[k]) return undefined;
  i = num(b, i, n); if (i < 0) return undefined; const lon = numOut;
  if (b[i] !== 125 || i + 1 !== n) return undefined;
  return { latitude: lat, longitude: lon };
}
let sink = 0;
function run(name: string, f: (b: Uint8Array) => { latitude: number } | undefined) {
  for (let r = 0; r < 3; r++) {
    const t = process.hrtime.bigint();
    for (let i = 0; i < 3_000_000; i++) { const v = f(new Uint8Array(bufs[i % bufs.length]!)); sink += v ? v.latitude : 0; }
    console.log(name, (Number(process.hrtime.bigint() - t) / 3e6).toFixed(1), 'ns');
  }
}
run('ladder', parseCoords);
run('ours', acceptCoordinatesBytes);
console.log(sink);
