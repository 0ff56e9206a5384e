// Boundary lookup on the real dataset: native single, native batch of 100, and the flatbush+turf baseline on the same points.
import { readFileSync, realpathSync } from 'node:fs';
import { Bench } from 'tinybench';
import { readBoundaryFile } from '../src/native/boundary-file.ts';
import { BoundaryIndex } from '../src/native/boundary-index.ts';
import { JsBoundaryIndex } from './js-baseline.ts';
import { meanNs, percentileNs } from './stats.ts';
import { randomPoints } from './seeded.ts';

const BATCH = 100;

/** Loads the index (timed, with RSS) and benchmarks lookups; `path` is a built boundaries.bin. */
/** Resident MiB of the mappings of `path` in this process (/proc/self/smaps; NaN where there is none). */
function residentMiB(path: string): number {
  const real = realpathSync(path);
  let kib = Number.NaN;
  let inFile = false;
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.endsWith(` ${real}`);
    const rss = inFile ? /^Rss:\s+(\d+) kB/.exec(line) : null;
    if (rss) kib = (Number.isNaN(kib) ? 0 : kib) + Number(rss[1]);
  }
  return kib / 1024;
}

export async function runLookupBench(
  path: string,
): Promise<{ bench: Bench; loadMs: number; loadCpuMs: number; rssMb: number; residentMb: number; nativeMb: number }> {
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const index = BoundaryIndex.open(path);
  const loadMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const loadCpuMs = (cpu.user + cpu.system) / 1000;
  const rssMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
  const baseline = new JsBoundaryIndex(readBoundaryFile(path));

  const points = randomPoints(100_000, 11, 'lonLat');
  const count = points.length / 2;
  // Known answer first: both engines agree on a point in central Bengaluru.
  const known = index.lookup(12.9716, 77.5946);
  if (known < 0 || known !== baseline.lookup(77.5946, 12.9716))
    throw new Error('native and baseline disagree on Bengaluru');

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
  return { bench, loadMs, loadCpuMs, rssMb, residentMb: residentMiB(path), nativeMb: index.memoryBytes / 2 ** 20 };
}

/** Prints the table and the derived per-point figures the README records. */
export function printLookup(result: Awaited<ReturnType<typeof runLookupBench>>): void {
  const { bench, loadMs, loadCpuMs, rssMb, residentMb, nativeMb } = result;
  console.table(bench.table());
  const single = meanNs(bench, 'native single (1 point/call)');
  const singleP50 = percentileNs(bench, 'native single (1 point/call)', 50);
  const batchCall = meanNs(bench, `native batch (${BATCH} points/call)`);
  const js = meanNs(bench, 'JS flatbush+turf (1 point/call)');
  // The index is a file mapping: lookups make its pages resident (page cache, shared by threads and processes), opening does not.
  console.log(
    `load ${loadMs.toFixed(0)} ms (CPU ${loadCpuMs.toFixed(0)} ms), RSS +${rssMb.toFixed(0)} MiB; index file ${nativeMb.toFixed(0)} MiB, mapped, ${residentMb.toFixed(0)} MiB of it resident after the benchmark`,
  );
  console.log(
    `native single: mean ${single.toFixed(0)} ns, p50 ${singleP50.toFixed(0)} ns; batch of ${BATCH}: ${(batchCall / 1000).toFixed(1)} µs (${(batchCall / BATCH).toFixed(0)} ns/point)`,
  );
  console.log(
    `JS baseline ${js.toFixed(0)} ns/point: native batch is ${(js / (batchCall / BATCH)).toFixed(1)}x, native single ${(js / single).toFixed(1)}x faster per point`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2] ?? `${process.env.GEO_DATA_DIR ?? 'data/build'}/boundaries.bin`;
  printLookup(await runLookupBench(path));
}
