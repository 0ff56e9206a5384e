// Turns a load result into the printed tables, the leak check and the list of failures that make the run exit non-zero.
import type { LoopShare } from './cpu-use.ts';
import type { EndpointResult, LoadResult, NodeResult } from './harness.ts';

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

/** One node's memory; with several nodes each is checked on its own. */
export function memoryOf(node: NodeResult): Memory {
  const { start, afterWarmup, end, samples } = node.rss;
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
    if (e.unexpected > 0)
      failures.push(`${e.name}: ${e.unexpected} unexpected non-2xx (${JSON.stringify(e.statusCounts)})`);
    if (e.errors > 0) failures.push(`${e.name}: ${e.errors} connection errors (${e.timeouts} timeouts)`);
    if (e.requests === 0) failures.push(`${e.name}: no responses at all`);
  }
  for (const n of result.nodes) {
    if (n.stderr.length > 0)
      failures.push(
        `${n.name} reported ${n.stderr.length} problem lines (stderr, warn/error logs), first: ${n.stderr[0]}`,
      );
    if (n.exitCode !== 0) failures.push(`${n.name} exited with ${n.exitCode} after SIGTERM`);
    if (n.responses === 0) failures.push(`${n.name}: no responses at all`);
  }
  if (result.integrity !== 'ok') failures.push(`store check after the run: ${result.integrity}`);
  return failures;
}

/** Prints the endpoint table (with an overall row), the per-node table, the memory table, CPU use and the verdicts. */
export function printReport(result: LoadResult): void {
  printEndpoints(result);
  printNodes(result);
  printMemory(result);
  printCpu(result);
  const check = result.options.store === 'sqlite' ? 'integrity_check' : 'store check';
  console.log(
    `server: ${result.serverStderr.length} problem lines (stderr, warn/error logs), exit code ${result.exitCode} after SIGTERM, ${check} ${result.integrity}`,
  );
}

function printEndpoints(result: LoadResult): void {
  const o = result.overall;
  const ok = (e: EndpointResult) =>
    sum(
      Object.entries(e.statusCounts)
        .filter(([c]) => c.startsWith('2'))
        .map(([, v]) => v),
    );
  const total = (pick: (e: EndpointResult) => number) => sum(result.endpoints.map(pick));
  console.table([
    ...result.endpoints.map((e) => {
      const limits = Object.entries(e.intended)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      return {
        endpoint: e.name,
        'req/s': Math.round(e.rps),
        'p50 ms': e.p50,
        'p99 ms': e.p99,
        requests: e.requests,
        '2xx': ok(e),
        'intended 429': limits ? `${e.intendedCount} (${limits})` : e.intendedCount,
        'other non-2xx': e.unexpected,
        errors: e.errors,
        timeouts: e.timeouts,
      };
    }),
    {
      endpoint: 'overall',
      'req/s': Math.round(o.rps),
      'p50 ms': o.p50,
      'p99 ms': o.p99,
      requests: total((e) => e.requests),
      '2xx': total(ok),
      'intended 429': total((e) => e.intendedCount),
      'other non-2xx': total((e) => e.unexpected),
      errors: total((e) => e.errors),
      timeouts: total((e) => e.timeouts),
    },
  ]);
}

function printNodes(result: LoadResult): void {
  console.table(
    result.nodes.map((n, i) => {
      const { cpu, loop } = result.cpu.nodes[i]!;
      return {
        node: n.name,
        url: n.baseUrl,
        responses: n.responses,
        share: pct(n.responses / Math.max(1, result.overall.responses)),
        'p50 ms': n.p50,
        'p99 ms': n.p99,
        'in handler ms (mean)':
          n.served.requests > 0 ? Math.round((n.served.seconds / n.served.requests) * 1e4) / 10 : 0,
        'CPU (of 1 core)': pct(cpu),
        'event loop running / waiting for a core / idle': loopOf(loop),
        'problem lines': n.stderr.length,
        exit: n.exitCode,
      };
    }),
  );
}

function printMemory(result: LoadResult): void {
  const memory = result.nodes.map((n) => [n.name, memoryOf(n)] as const);
  const row = (label: string, pick: (m: Memory) => number) => ({
    'RSS MiB': label,
    ...Object.fromEntries(memory.map(([name, m]) => [name, pick(m)])),
  });
  console.table([
    row('start (after GC)', (m) => m.startMiB),
    row(`after ${result.options.warmupSeconds} s warm-up (after GC)`, (m) => m.afterWarmupMiB),
    row('end (after GC)', (m) => m.endMiB),
    row('max (1 s samples)', (m) => m.maxMiB),
    row('growth after warm-up', (m) => m.growthMiB),
  ]);
  const leaks = memory.filter(([, m]) => m.leakSuspected).map(([name]) => name);
  console.log(
    `leak check (RSS after a full GC, end vs after warm-up, growth > ${LEAK_LIMIT_BYTES / MiB} MiB): ${leaks.length > 0 ? `LEAK SUSPECTED (${leaks.join(', ')})` : 'ok'}`,
  );
}

function printCpu(result: LoadResult): void {
  const c = result.cpu;
  const nodesCpu = sum(c.nodes.map((n) => n.cpu));
  const postgres = result.options.store === 'postgres';
  console.log(
    `CPU during the load (share of one core): server ${pct(nodesCpu)}${c.nodes.length > 1 ? ` (${c.nodes.map((n) => pct(n.cpu)).join(' + ')})` : ''}, ` +
      `load generator ${pct(c.loadGenerator.cpu)} (event loop ${loopOf(c.loadGenerator.loop)})` +
      `${postgres ? `, PostgreSQL ${pct(c.store.cpu)} (waiting for a core ${pct(c.store.waiting)})` : ''}; ` +
      `whole machine ${pct(c.machine)} of ${c.cores * 100}%, of which other processes ${pct(Math.max(0, c.machine - nodesCpu - c.loadGenerator.cpu - c.store.cpu))}`,
  );
  // Per response, CPU compares across runs better than req/s does: other processes on the machine change it much less.
  const perResponse = (share: number) => `${Math.round((share * 1e6) / Math.max(1, result.overall.rps))} µs`;
  console.log(
    `CPU per response: server ${perResponse(nodesCpu)}${postgres ? `, PostgreSQL ${perResponse(c.store.cpu)}` : ''}, load generator ${perResponse(c.loadGenerator.cpu)}`,
  );
}

/** Event-loop thread: running / waiting for a core / idle, as shares of the load window. */
function loopOf(l: LoopShare): string {
  return `${pct(l.running)} / ${pct(l.waiting)} / ${pct(l.idle)}`;
}

function sum(values: number[]): number {
  return values.reduce((n, v) => n + v, 0);
}

function pct(share: number): string {
  return `${Math.round(share * 100)}%`;
}

function mib(bytes: number): number {
  return Math.round((bytes / MiB) * 10) / 10;
}
