// Child of bench/startup-workers.ts (bundled, plain node): opens the location service in the main thread, then in 1 and 2 worker threads, printing process RSS after each as JSON.
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { LocationService } from '../src/geocoding/location-service.ts';

/** VmRSS, RssAnon and RssFile of this process (all threads) in MiB. */
function memory(): { rss: number; anon: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile') };
}

function startWorker(file: string, dir: string): Promise<{ worker: Worker; ms: number; pincode?: string }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(file, { workerData: { dir } });
    worker.once('message', (m: { ms: number; pincode?: string }) => resolve({ worker, ...m }));
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  const [dir, workerFile] = process.argv.slice(2) as [string, string];
  const started = performance.now();
  const service = LocationService.open(dir);
  if (!service.lookup(12.9352, 77.6245)?.pincode) throw new Error('main thread: no pincode for the known point');
  service.geocode({ address: 'Koramangala 5th Block', city: 'Bengaluru' });
  const rows = [{ threads: 'main thread', ms: performance.now() - started, ...memory() }];
  const workers: Worker[] = [];
  for (const n of (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number)) {
    const w = await startWorker(workerFile, dir);
    if (!w.pincode) throw new Error(`worker ${n}: no pincode for the known point`);
    workers.push(w.worker);
    rows.push({ threads: `main + ${n} worker thread${n > 1 ? 's' : ''}`, ms: w.ms, ...memory() });
  }
  await Promise.all(workers.map((w) => w.terminate()));
  process.stdout.write(`${JSON.stringify(rows)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
