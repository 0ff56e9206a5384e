// Turns a load result into the printed tables, the leak check and the list of failures that make the run exit non-zero.
import type { LoadResult } from './harness.ts';

const MiB = 1024 * 1024;

/**
 * Leak check: server RSS after warm-up vs at the end, both measured after a full GC. Settled that way, RSS moved by
 * about ±16 MiB between runs on the reference machine (SQLite page cache, malloc arenas, socket buffers), so growth
 * beyond 32 MiB is a suspected leak: over the ~100k requests of a 30 s run that is anything retaining more than about
 * 330 bytes per request. Without the GC, V8's lazy old-space collection alone grew RSS by 40+ MiB in 30 s.
 */
export const LEAK_LIMIT_BYTES = 32 * MiB;

export interface Memory {
  startMiB: number;
  afterWarmupMiB: number;
  endMiB: number;
  maxMiB: number;
  growthMiB: number;
  leakSuspected: boolean;
}

export function memoryOf(result: LoadResult): Memory {
  const { start, afterWarmup, end, samples } = result.rss;
  const growth = end - afterWarmup;
  return {
    startMiB: mib(start),
    afterWarmupMiB: mib(afterWarmup),
    endMiB: mib(end),
    maxMiB: mib(Math.max(start, afterWarmup, end, ...samples)),
    growthMiB: mib(growth),
    leakSuspected: growth > LEAK_LIMIT_BYTES,
  };
}

/** Everything that is not the server working as designed: unintended statuses, socket errors, timeouts, stderr output, a bad exit. */
export function failuresOf(result: LoadResult): string[] {
  const failures: string[] = [];
  for (const e of result.endpoints) {
    if (e.unexpected > 0) failures.push(`${e.name}: ${e.unexpected} unexpected non-2xx (${JSON.stringify(e.statusCounts)})`);
    if (e.errors > 0) failures.push(`${e.name}: ${e.errors} connection errors (${e.timeouts} timeouts)`);
    if (e.requests === 0) failures.push(`${e.name}: no responses at all`);
  }
  if (result.serverStderr.length > 0) failures.push(`server wrote ${result.serverStderr.length} lines to stderr, first: ${result.serverStderr[0]}`);
  if (result.exitCode !== 0) failures.push(`server exited with ${result.exitCode} after SIGTERM`);
  if (result.integrity !== 'ok') failures.push(`integrity_check after the run: ${result.integrity}`);
  return failures;
}

/** Prints the endpoint table, the memory table and the verdicts. */
export function printReport(result: LoadResult): void {
  console.table(
    result.endpoints.map((e) => {
      const ok = Object.entries(e.statusCounts).filter(([c]) => c.startsWith('2')).reduce((n, [, v]) => n + v, 0);
      const limits = Object.entries(e.intended).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${v}`).join(', ');
      return {
        endpoint: e.name, 'req/s': Math.round(e.rps), 'p50 ms': e.p50, 'p99 ms': e.p99, requests: e.requests, '2xx': ok,
        'intended 429': limits ? `${e.intendedCount} (${limits})` : e.intendedCount,
        'other non-2xx': e.unexpected, errors: e.errors, timeouts: e.timeouts,
      };
    }),
  );
  const m = memoryOf(result);
  console.table([{ 'RSS MiB': 'start (after GC)', value: m.startMiB }, { 'RSS MiB': `after ${result.options.warmupSeconds} s warm-up (after GC)`, value: m.afterWarmupMiB },
    { 'RSS MiB': 'end (after GC)', value: m.endMiB }, { 'RSS MiB': 'max (1 s samples)', value: m.maxMiB }, { 'RSS MiB': 'growth after warm-up', value: m.growthMiB }]);
  console.log(`leak check (RSS after a full GC, end vs after warm-up, growth > ${LEAK_LIMIT_BYTES / MiB} MiB): ${m.leakSuspected ? 'LEAK SUSPECTED' : 'ok'}`);
  console.log(`CPU during the load (share of one core): server ${pct(result.cpu.server)}, load generator ${pct(result.cpu.loadGenerator)}`);
  console.log(`server: ${result.serverStderr.length} stderr lines, exit code ${result.exitCode} after SIGTERM, integrity_check ${result.integrity}`);
}

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function mib(bytes: number): number {
  return Math.round((bytes / MiB) * 10) / 10;
}
