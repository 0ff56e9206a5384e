// The results of one `npm run bench:http` run: a markdown table, the ratios and targets of issues 15 and 29 (one thread), the failures, the JSON file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import type { LoadResult } from './load.ts';
import { median, medianResults } from './rounds.ts';

export interface ScenarioResult extends LoadResult {
  pointsPerRequest: number;
  /** Server CPU time (all threads) per request over the measured run: its cost, whatever else shares the machine. */
  serverCpuUsPerRequest: number;
  /** The rest of the machine's busy CPU time per request (the load generator, mostly): what the server cannot have. */
  otherCpuUsPerRequest: number;
}

export interface ServerResult {
  server: string;
  firstAnswerMs: number;
  rssAfterStartBytes: number;
  rssAfterRunBytes: number;
  single: ScenarioResult;
  batch?: ScenarioResult;
}

export interface RunInfo {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  /** 1-minute load averages before and after the run: other work on the machine skews every number. */
  loadAverage: { before: number; after: number };
  /** I/O pressure (bench/proc.ts ioPressure) before and after the run. */
  ioPressure: { before: number; after: number };
  tool: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  points: number;
  rounds: number;
}

interface Target {
  what: string;
  measured: number | null;
  unit: 'x' | '%' | 'MiB' | 'ms';
  target: string;
  met: boolean | null;
  /** Whether a value meets the target (none for figures shown for information); left out of the JSON file. */
  check?: (v: number) => boolean;
}

/** A target judged in every round: the median of its per-round values decides; how many rounds met it is told too. */
interface RoundTarget extends Target {
  perRound: Array<number | null>;
  metInRounds: number;
}

/** Each target per round (ratios of servers measured within the same round), then its median over the rounds. */
export function targetsOverRounds(rounds: ServerResult[][]): RoundTarget[] {
  const perRound = rounds.map(targetsOf);
  return perRound[0]!.map((first, i) => {
    const values = perRound.map((targets) => targets[i]!.measured);
    const measured = values.includes(null) ? null : median(values as number[]);
    const met = first.check && measured !== null ? first.check(measured) : null;
    return {
      ...first,
      measured,
      met,
      perRound: values,
      metInRounds: perRound.filter((targets) => targets[i]!.met === true).length,
    };
  });
}

const MiB = 1024 * 1024;
const fixed = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Issue 15's targets from one round's results (null where a server is missing from it). */
export function targetsOf(results: ServerResult[]): Target[] {
  const find = (prefix: string) => results.find((r) => r.server.startsWith(prefix));
  const one = find('geopin WORKERS=1');
  const two = find('geopin WORKERS=2');
  const baseline = find('node:http');
  const bare = find('bare uWS');
  const ratio = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && b > 0 ? a / b : null;
  const pts = (r: ServerResult | undefined) => (r?.batch ? r.batch.rps * r.batch.pointsPerRequest : undefined);
  const target = (
    what: string,
    measured: number | null,
    unit: Target['unit'],
    text: string,
    check: (v: number) => boolean,
  ): Target => ({ what, measured, unit, target: text, met: measured === null ? null : check(measured), check });
  const cpu = (r: ServerResult | undefined, k: 'single' | 'batch') => r?.[k]?.serverCpuUsPerRequest;
  const info = (what: string, measured: number | null, unit: Target['unit'] = 'x'): Target => ({
    what,
    measured,
    unit,
    target: '',
    met: null,
  });
  const growth = ratio(
    two && one ? two.rssAfterStartBytes - one.rssAfterStartBytes : undefined,
    one?.rssAfterStartBytes,
  );
  return [
    target(
      'single: ours (WORKERS=1) / which-polygon',
      ratio(one?.single.rps, baseline?.single.rps),
      'x',
      '>= 2',
      (v) => v >= 2,
    ),
    target(
      'single: ours (WORKERS=2, the default here) / which-polygon',
      ratio(two?.single.rps, baseline?.single.rps),
      'x',
      '>= 2',
      (v) => v >= 2,
    ),
    target(
      'batch of 100 points/s: ours (WORKERS=1) / which-polygon',
      ratio(pts(one), pts(baseline)),
      'x',
      '>= 10',
      (v) => v >= 10,
    ),
    target(
      'batch of 100 points/s: ours (WORKERS=2) / which-polygon',
      ratio(pts(two), pts(baseline)),
      'x',
      '>= 8',
      (v) => v >= 8,
    ),
    target(
      'single: ours (WORKERS=1) / bare uWS',
      pct(ratio(one?.single.rps, bare?.single.rps)),
      '%',
      '>= 75',
      (v) => v >= 75,
    ),
    target(
      'single: ours (WORKERS=2) / bare uWS',
      pct(ratio(two?.single.rps, bare?.single.rps)),
      '%',
      '>= 60',
      (v) => v >= 60,
    ),
    target('single: WORKERS=2 / WORKERS=1', ratio(two?.single.rps, one?.single.rps), 'x', '>= 1.7', (v) => v >= 1.7),
    target('batch: WORKERS=2 / WORKERS=1', ratio(two?.batch?.rps, one?.batch?.rps), 'x', '>= 1.7', (v) => v >= 1.7),
    target('RSS growth per extra worker (after start)', pct(growth), '%', '< 20', (v) => v < 20),
    target('RSS after start, WORKERS=1', one ? one.rssAfterStartBytes / MiB : null, 'MiB', '<= 300', (v) => v <= 300),
    target('spawn to first answer, WORKERS=1', one?.firstAnswerMs ?? null, 'ms', '<= 1000', (v) => v <= 1000),
    info('single, server CPU per request: which-polygon / ours', ratio(cpu(baseline, 'single'), cpu(one, 'single'))),
    info('batch, server CPU per request: which-polygon / ours', ratio(cpu(baseline, 'batch'), cpu(one, 'batch'))),
    info('single, server CPU per request: bare uWS / ours', pct(ratio(cpu(bare, 'single'), cpu(one, 'single'))), '%'),
    info(
      'single: the most any WORKERS could answer on these cores (all CPU / (server + load generator CPU per request)) / WORKERS=1',
      ceilingOverOne(one, two),
    ),
  ];
}

/**
 * Single lookups on this machine: wrk runs on the same cores, so requests per second can never exceed the cores' CPU
 * over the CPU a request costs the server and the load generator together (measured in the WORKERS=2 run). Over the
 * WORKERS=1 rate, that is the most any number of server threads could scale here.
 */
function ceilingOverOne(one: ServerResult | undefined, two: ServerResult | undefined): number | null {
  if (!one || !two) return null;
  const usPerRequest = two.single.serverCpuUsPerRequest + two.single.otherCpuUsPerRequest;
  return usPerRequest > 0 ? (cpus().length * 1e6) / usPerRequest / one.single.rps : null;
}

function pct(v: number | null): number | null {
  return v === null ? null : v * 100;
}

/** Markdown, so the lead can paste it into the README as printed: the median round per server, then the targets. */
export function formatReport(info: RunInfo, rounds: ServerResult[][]): string {
  const lines = [
    `node ${info.node}, ${info.cores} x ${info.cpu}; ${info.tool}, ${info.connections} connections, ${info.seconds} s per run after a ${info.warmupSeconds} s warm-up, ` +
      `loopback, ${info.points} seeded points inside pincode polygons; ${info.rounds} rounds (every server once per round, in turn); ` +
      `load average ${info.loadAverage.before.toFixed(1)} before, ${info.loadAverage.after.toFixed(1)} after; ` +
      `I/O pressure (share of the last minute some task waited on I/O) ${info.ioPressure.before.toFixed(1)}% before, ${info.ioPressure.after.toFixed(1)}% after`,
    '',
    '| server (median round) | scenario | req/s | points/s | p50 ms | p99 ms | non-2xx | socket errors | server CPU µs/req | load generator CPU µs/req | RSS after start MiB | RSS after run MiB | first answer ms |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of medianResults(rounds)) {
    for (const [name, s] of [
      ['single lookup', r.single],
      ['batch of 100', r.batch],
    ] as const) {
      if (!s) continue;
      lines.push(
        `| ${r.server} | ${name} | ${fixed(s.rps)} | ${fixed(s.rps * s.pointsPerRequest)} | ${fixed(s.p50Ms, 2)} | ${fixed(s.p99Ms, 2)} | ` +
          `${s.non2xx} | ${s.socketErrors} | ${fixed(s.serverCpuUsPerRequest, 1)} | ${fixed(s.otherCpuUsPerRequest, 1)} | ${fixed(r.rssAfterStartBytes / MiB)} | ${fixed(r.rssAfterRunBytes / MiB)} | ${fixed(r.firstAnswerMs)} |`,
      );
    }
  }
  lines.push(
    '',
    '| ratio (servers of the same round) | median | each round | target | met by the median | rounds meeting it |',
    '|---|--:|--:|--:|:-:|--:|',
  );
  const digits = (v: number | null, unit: Target['unit']) =>
    v === null ? 'n/a' : fixed(v, unit === 'x' ? 2 : unit === '%' ? 1 : 0);
  const shown = (v: number | null, unit: Target['unit']) => (v === null ? 'n/a' : `${digits(v, unit)} ${unit}`);
  for (const t of targetsOverRounds(rounds)) {
    const verdict = t.met === null ? (t.target ? 'n/a' : '') : t.met ? 'yes' : 'NO';
    lines.push(
      `| ${t.what} | ${shown(t.measured, t.unit)} | ${t.perRound.map((v) => digits(v, t.unit)).join(' / ')} | ` +
        `${t.target ? `${t.target} ${t.unit}` : 'info'} | ${verdict} | ${t.target ? `${t.metInRounds} of ${rounds.length}` : ''} |`,
    );
  }
  return lines.join('\n');
}

/** Every response that was not 2xx, and every socket error, is a failure of the run (the numbers would flatter the server). */
export function failuresOf(results: ServerResult[]): string[] {
  return results.flatMap((r) =>
    (['single', 'batch'] as const).flatMap((k) => {
      const s = r[k];
      if (!s) return [];
      return [
        ...(s.non2xx > 0 ? [`${r.server}, ${k}: ${s.non2xx} non-2xx responses`] : []),
        ...(s.socketErrors > 0 ? [`${r.server}, ${k}: ${s.socketErrors} socket errors`] : []),
      ];
    }),
  );
}

export function writeJson(path: string, info: RunInfo, rounds: ServerResult[][]): void {
  mkdirSync(dirname(path), { recursive: true });
  const withUnits = (results: ServerResult[]) =>
    results.map((r) => ({
      ...r,
      rssAfterStartMiB: r.rssAfterStartBytes / MiB,
      rssAfterRunMiB: r.rssAfterRunBytes / MiB,
      singlePointsPerSecond: r.single.rps,
      batchPointsPerSecond: r.batch ? r.batch.rps * r.batch.pointsPerRequest : null,
    }));
  const document = {
    ...info,
    servers: withUnits(medianResults(rounds)),
    targets: targetsOverRounds(rounds),
    failures: failuresOf(rounds.flat()),
    rounds: rounds.map(withUnits),
  };
  writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
}
