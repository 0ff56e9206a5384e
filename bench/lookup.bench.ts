// Boundary lookup on the real dataset: native single, native batch of 100, and the flatbush+turf baseline on the same points.
import { Bench } from 'tinybench';
import { readBoundaryFile } from '../src/native/boundary-file.ts';
import { BoundaryIndex } from '../src/native/boundary-index.ts';
import { JsBoundaryIndex } from './js-baseline.ts';
import { meanNs, percentileNs } from './stats.ts';
import { randomPoints } from './seeded.ts';

const BATCH = 100;

/** Loads the index (timed, with RSS) and benchmarks lookups; `path` is a built boundaries.bin. */
export async function runLookupBench(path: string): Promise<{ bench: Bench; loadMs: number; rssMb: number; nativeMb: number }> {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const index = BoundaryIndex.open(path);
  const loadMs = performance.now() - started;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  const baseline = new JsBoundaryIndex(readBoundaryFile(path));

  const points = randomPoints(100_000, 11, 'lonLat');
  const count = points.length / 2;
  // Known answer first: both engines agree on a point in central Bengaluru.
  const known = index.lookup(12.9716, 77.5946);
  if (known < 0 || known !== baseline.lookup(77.5946, 12.9716)) throw new Error('native and baseline disagree on Bengaluru');

  let sink = 0;
  let single = 0;
  let batch = 0;
  let js = 0;
  const bench = new Bench({ name: 'boundary lookup', time: 2000 });
  bench
    .add('native single (1 point/call)', () => {
      const i = (single++ % count) * 2;
      sink += index.lookup(points[i + 1]!, points[i]!);
    })
    .add(`native batch (${BATCH} points/call)`, () => {
      const at = (batch++ % (count / BATCH)) * BATCH * 2;
      sink += index.lookupMany(points.subarray(at, at + BATCH * 2))[0]!;
    })
    .add('JS flatbush+turf (1 point/call)', () => {
      const i = (js++ % count) * 2;
      sink += baseline.lookup(points[i]!, points[i + 1]!);
    });
  await bench.run();
  if (sink === 0.5) console.log('');
  return { bench, loadMs, rssMb, nativeMb: index.memoryBytes / 2 ** 20 };
}

/** Prints the table and the derived per-point figures the README records. */
export function printLookup(result: Awaited<ReturnType<typeof runLookupBench>>): void {
  const { bench, loadMs, rssMb, nativeMb } = result;
  console.table(bench.table());
  const single = meanNs(bench, 'native single (1 point/call)');
  const singleP50 = percentileNs(bench, 'native single (1 point/call)', 50);
  const batchCall = meanNs(bench, `native batch (${BATCH} points/call)`);
  const js = meanNs(bench, 'JS flatbush+turf (1 point/call)');
  console.log(`load ${loadMs.toFixed(0)} ms, RSS +${rssMb.toFixed(0)} MiB (native ${nativeMb.toFixed(0)} MiB)`);
  console.log(`native single: mean ${single.toFixed(0)} ns, p50 ${singleP50.toFixed(0)} ns; batch of ${BATCH}: ${(batchCall / 1000).toFixed(1)} µs (${(batchCall / BATCH).toFixed(0)} ns/point)`);
  console.log(`JS baseline ${js.toFixed(0)} ns/point: native batch is ${(js / (batchCall / BATCH)).toFixed(1)}x, native single ${(js / single).toFixed(1)}x faster per point`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? `${process.env.GEO_DATA_DIR ?? 'data/build'}/boundaries.bin`;
  printLookup(await runLookupBench(path));
}
