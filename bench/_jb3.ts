import { readFileSync } from 'node:fs';
const bufs = readFileSync('/tmp/prof/single.ndjson', 'utf8').trim().split('\n').map((l) => { const u = new TextEncoder().encode(l); const ab = new ArrayBuffer(u.length); new Uint8Array(ab).set(u); return ab; });
const POW = Array.from({ length: 23 }, (_v, k) => 10 ** k);
const MAX = 2 ** 53;
const enc = (s: string) => new TextEncoder().encode(s);
const OPEN = enc('{'), LAT = enc('"latitude"'), LON = enc('"longitude"'), COLON = enc(':'), COMMA = enc(','), CLOSE = enc('}');
let end = 0;
function skip(b: Uint8Array, at: number): number {
  while (at < b.length) { const c = b[at]!; if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break; at++; }
  return at;
}
function piece(b: Uint8Array, at: number, p: Uint8Array): number {
  at = skip(b, at);
  const n = p.length;
  if (at + n > b.length) return -1;
  for (let i = 0; i < n; i++) if (b[at + i] !== p[i]) return -1;
  return at + n;
}
function num(b: Uint8Array, at: number): number {
  const len = b.length;
  let i = skip(b, at);
  const neg = i < len && b[i] === 0x2d; if (neg) i++;
  const first = i; let d = 0, c = 0;
  while (i < len && (c = b[i]!) >= 0x30 && c <= 0x39) { d = d * 10 + (c - 0x30); i++; }
  if (i === first || (b[first] === 0x30 && i - first > 1)) return NaN;
  let f = 0;
  if (i < len && b[i] === 0x2e) { const p = ++i; while (i < len && (c = b[i]!) >= 0x30 && c <= 0x39) { d = d * 10 + (c - 0x30); i++; } f = i - p; if (f === 0) return NaN; }
  if ((i < len && (b[i] === 0x65 || b[i] === 0x45)) || d >= MAX || f > 22) return NaN;
  end = i;
  const v = d / POW[f]!; return neg ? -v : v;
}
function fn(b: Uint8Array) {
  let at = piece(b, 0, OPEN); if (at < 0) return undefined;
  at = piece(b, at, LAT); if (at < 0) return undefined;
  at = piece(b, at, COLON); if (at < 0) return undefined;
  const latitude = num(b, at); if (latitude !== latitude) return undefined; at = end;
  at = piece(b, at, COMMA); if (at < 0) return undefined;
  at = piece(b, at, LON); if (at < 0) return undefined;
  at = piece(b, at, COLON); if (at < 0) return undefined;
  const longitude = num(b, at); if (longitude !== longitude) return undefined; at = end;
  at = piece(b, at, CLOSE); if (at < 0 || skip(b, at) !== b.length) return undefined;
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) return undefined;
  return { latitude, longitude };
}
let sink = 0;
for (let r = 0; r < 3; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < 2_000_000; i++) { const v = fn(new Uint8Array(bufs[i % bufs.length]!)); sink += v ? v.latitude : 0; }
  console.log('functional', (Number(process.hrtime.bigint() - t) / 2e6).toFixed(1), 'ns');
}
console.log(sink);
for (let r = 0; r < 2; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < 2_000_000; i++) { const u = new Uint8Array(bufs[i % bufs.length]!); sink += u[3]!; }
  console.log('view only', (Number(process.hrtime.bigint() - t) / 2e6).toFixed(1), 'ns');
}
const views = bufs.map((b) => new Uint8Array(b));
for (let r = 0; r < 2; r++) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < 2_000_000; i++) { const v = fn(views[i % views.length]!); sink += v ? v.latitude : 0; }
  console.log('functional, views made once', (Number(process.hrtime.bigint() - t) / 2e6).toFixed(1), 'ns');
}
