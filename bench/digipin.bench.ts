// DIGIPIN encode: native single call, native batch of 100, and the pure-TS reference, on the same seeded points.
import { Bench } from 'tinybench';
import { encode, encodeMany } from '../src/native/digipin.ts';
import { native } from '../src/native/addon.ts';
import { encodeReference } from './digipin-reference.ts';
import { meanNs } from './stats.ts';
import { randomPoints } from './seeded.ts';

const BATCH = 100;
const points = randomPoints(10_000, 7, 'lonLat');
const batches = Array.from({ length: points.length / 2 / BATCH }, (_, i) =>
  points.subarray(i * 2 * BATCH, (i + 1) * 2 * BATCH),
);

// Known answer first: all three agree on India Gate.
if (encode(28.612912, 77.227321) !== encodeReference(28.612912, 77.227321))
  throw new Error('native and reference disagree');
if (encodeMany(Float64Array.from([77.227321, 28.612912]))[0] !== encodeReference(28.612912, 77.227321)) {
  throw new Error('batch and reference disagree');
}

let sink = 0;
let cursor = 0;
let batchCursor = 0;
const nextPoint = () => {
  cursor = (cursor + 2) % points.length;
  return cursor;
};

/** Runs the bench and returns per-code nanoseconds for each variant. */
export async function runDigipinBench(): Promise<Bench> {
  const bench = new Bench({ name: 'DIGIPIN encode', time: 1000 });
  bench
    .add('native single (1 code/call)', () => {
      const at = nextPoint();
      sink += native.encode(points[at + 1]!, points[at]!).length;
    })
    .add(`native batch (${BATCH} codes/call)`, () => {
      sink += native.encodeMany(batches[batchCursor++ % batches.length]!).length;
    })
    .add('pure TS reference (1 code/call)', () => {
      const at = nextPoint();
      sink += encodeReference(points[at + 1]!, points[at]!).length;
    });
  await bench.run();
  return bench;
}

/** Prints the table with per-code figures (the batch row is divided by its size). */
export function printDigipin(bench: Bench): void {
  console.table(bench.table());
  const perCall = (name: string) => meanNs(bench, name);
  const single = perCall('native single (1 code/call)');
  const batch = perCall(`native batch (${BATCH} codes/call)`) / BATCH;
  const reference = perCall('pure TS reference (1 code/call)');
  console.log(
    `per code: native single ${single.toFixed(1)} ns, native batch ${batch.toFixed(1)} ns, pure TS ${reference.toFixed(1)} ns`,
  );
  console.log(
    `native batch is ${(reference / batch).toFixed(1)}x the pure-TS speed per code; ${(1e3 / batch).toFixed(1)} M encodes/s on one core`,
  );
  if (sink === 42) console.log('');
}

if (import.meta.url === `file://${process.argv[1]}`) printDigipin(await runDigipinBench());
