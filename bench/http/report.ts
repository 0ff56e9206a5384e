// The results of one `npm run bench:http` run: a markdown table, the ratios and targets of issue 15, the failures, the JSON file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LoadResult } from './load.ts';

export interface ScenarioResult extends LoadResult {
  pointsPerRequest: number;
  /** Server CPU time (all threads) per request over the measured run: its cost, whatever else shares the machine. */
  serverCpuUsPerRequest: number;
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
  tool: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  points: number;
}

interface Target {
  what: string;
  measured: number | null;
  unit: 'x' | '%' | 'MiB' | 'ms';
  target: string;
  met: boolean | null;
}

const MiB = 1024 * 1024;
const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Issue 15's targets, computed from this run only (null where a server is missing from it). */
export function targetsOf(results: ServerResult[]): Target[] {
  const find = (prefix: string) => results.find((r) => r.server.startsWith(prefix));
  const one = find('geopin WORKERS=1');
  const two = find('geopin WORKERS=2');
  const baseline = find('node:http');
  const bare = find('bare uWS');
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : null);
  const pts = (r: ServerResult | undefined) => (r?.batch ? r.batch.rps * r.batch.pointsPerRequest : undefined);
  const target = (what: string, measured: number | null, unit: Target['unit'], text: string, ok: (v: number) => boolean): Target =>
    ({ what, measured, unit, target: text, met: measured === null ? null : ok(measured) });
  const cpu = (r: ServerResult | undefined, k: 'single' | 'batch') => r?.[k]?.serverCpuUsPerRequest;
  const info = (what: string, measured: number | null, unit: Target['unit'] = 'x'): Target => ({ what, measured, unit, target: '', met: null });
  const growth = ratio(two && one ? two.rssAfterStartBytes - one.rssAfterStartBytes : undefined, one?.rssAfterStartBytes);
  return [
    target('single: ours (WORKERS=1) / which-polygon', ratio(one?.single.rps, baseline?.single.rps), 'x', '>= 2', (v) => v >= 2),
    target('single: ours (WORKERS=2, the default here) / which-polygon', ratio(two?.single.rps, baseline?.single.rps), 'x', '>= 2', (v) => v >= 2),
    target('batch of 100 points/s: ours (WORKERS=1) / which-polygon', ratio(pts(one), pts(baseline)), 'x', '>= 8', (v) => v >= 8),
    target('batch of 100 points/s: ours (WORKERS=2) / which-polygon', ratio(pts(two), pts(baseline)), 'x', '>= 8', (v) => v >= 8),
    target('single: ours (WORKERS=1) / bare uWS', pct(ratio(one?.single.rps, bare?.single.rps)), '%', '>= 60', (v) => v >= 60),
    target('single: ours (WORKERS=2) / bare uWS', pct(ratio(two?.single.rps, bare?.single.rps)), '%', '>= 60', (v) => v >= 60),
    target('single: WORKERS=2 / WORKERS=1', ratio(two?.single.rps, one?.single.rps), 'x', '>= 1.7', (v) => v >= 1.7),
    target('batch: WORKERS=2 / WORKERS=1', ratio(two?.batch?.rps, one?.batch?.rps), 'x', '>= 1.7', (v) => v >= 1.7),
    target('RSS growth per extra worker (after start)', pct(growth), '%', '< 20', (v) => v < 20),
    target('RSS after start, WORKERS=1', one ? one.rssAfterStartBytes / MiB : null, 'MiB', '<= 300', (v) => v <= 300),
    target('spawn to first answer, WORKERS=1', one?.firstAnswerMs ?? null, 'ms', '<= 1000', (v) => v <= 1000),
    info('single, server CPU per request: which-polygon / ours', ratio(cpu(baseline, 'single'), cpu(one, 'single'))),
    info('batch, server CPU per request: which-polygon / ours', ratio(cpu(baseline, 'batch'), cpu(one, 'batch'))),
    info('single, server CPU per request: bare uWS / ours', pct(ratio(cpu(bare, 'single'), cpu(one, 'single'))), '%'),
  ];
}

function pct(v: number | null): number | null {
  return v === null ? null : v * 100;
}

/** Markdown, so the lead can paste it into the README as printed. */
export function formatReport(info: RunInfo, results: ServerResult[]): string {
  const lines = [
    `node ${info.node}, ${info.cores} x ${info.cpu}; ${info.tool}, ${info.connections} connections, ${info.seconds} s per run after a ${info.warmupSeconds} s warm-up, ` +
      `loopback, ${info.points} seeded points inside pincode polygons; load average ${info.loadAverage.before.toFixed(1)} before, ${info.loadAverage.after.toFixed(1)} after`,
    '',
    '| server | scenario | req/s | points/s | p50 ms | p99 ms | non-2xx | socket errors | server CPU µs/req | RSS after start MiB | RSS after run MiB | first answer ms |',
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of results) {
    for (const [name, s] of [['single lookup', r.single], ['batch of 100', r.batch]] as const) {
      if (!s) continue;
      lines.push(`| ${r.server} | ${name} | ${fixed(s.rps)} | ${fixed(s.rps * s.pointsPerRequest)} | ${fixed(s.p50Ms, 2)} | ${fixed(s.p99Ms, 2)} | ` +
        `${s.non2xx} | ${s.socketErrors} | ${fixed(s.serverCpuUsPerRequest, 1)} | ${fixed(r.rssAfterStartBytes / MiB)} | ${fixed(r.rssAfterRunBytes / MiB)} | ${fixed(r.firstAnswerMs)} |`);
    }
  }
  lines.push('', '| ratio / target (same run) | measured | target | met |', '|---|--:|--:|:-:|');
  for (const t of targetsOf(results)) {
    const measured = t.measured === null ? 'n/a' : `${fixed(t.measured, t.unit === 'x' ? 2 : t.unit === '%' ? 1 : 0)} ${t.unit}`;
    const target = t.target ? `${t.target} ${t.unit}` : 'info';
    lines.push(`| ${t.what} | ${measured} | ${target} | ${t.met === null ? (t.target ? 'n/a' : '') : t.met ? 'yes' : 'NO'} |`);
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

export function writeJson(path: string, info: RunInfo, results: ServerResult[]): void {
  mkdirSync(dirname(path), { recursive: true });
  const servers = results.map((r) => ({
    ...r, rssAfterStartMiB: r.rssAfterStartBytes / MiB, rssAfterRunMiB: r.rssAfterRunBytes / MiB,
    singlePointsPerSecond: r.single.rps, batchPointsPerSecond: r.batch ? r.batch.rps * r.batch.pointsPerRequest : null,
  }));
  writeFileSync(path, `${JSON.stringify({ ...info, servers, targets: targetsOf(results), failures: failuresOf(results) }, null, 2)}\n`);
}
