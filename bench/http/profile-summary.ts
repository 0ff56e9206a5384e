// `tsx bench/http/profile-summary.ts FILE.cpuprofile...`: the top 25 functions by self time in a node --cpu-prof profile,
// bundle positions mapped back to src/ through the bundle's source map (dist/geopin.cjs.map) when there is one.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { repoRoot } from '../../scripts/package/paths.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  selfMs: number;
  percent: number;
}

const maps = new Map<string, SourceMap | null>();

/** "src/geocoding/location-routes.ts:52" for a bundle position, the file itself otherwise ("node:internal/…", "native"). */
function locate(frame: CallFrame): string {
  if (!frame.url) return '';
  if (!frame.url.startsWith('file://')) return frame.url;
  const file = fileURLToPath(frame.url);
  if (!maps.has(file))
    maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const found = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  // findEntry gives {} where the map has no entry.
  const entry = found && 'originalSource' in found ? found : undefined;
  if (entry?.originalSource) {
    const source = entry.originalSource.startsWith('file://')
      ? fileURLToPath(entry.originalSource)
      : new URL(entry.originalSource, pathToFileURL(file)).pathname;
    return `${relative(repoRoot, source)}:${entry.originalLine + 1}`;
  }
  return `${relative(repoRoot, file)}:${frame.lineNumber + 1}`;
}

/**
 * Self time per function (sample i lasts until sample i+1), as a share of all non-idle time; samples in the first
 * `fromMs` of the profile (the server's start-up, when profiling a load) and after `toMs` (its shutdown) are left out. With
 * `chargeTo`, each sample goes to the innermost frame on its stack whose location passes it (the leaf when none does):
 * e.g. SQLite's native time, which V8 books on the driver's wrapper, to the repository method that ran the statement.
 */
export function topSelfTime(
  profile: CpuProfile,
  limit = 25,
  fromMs = 0,
  toMs = Infinity,
  chargeTo?: (where: string) => boolean,
): { rows: SelfTime[]; busyMs: number; idleMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const owners = new Map<number, CallFrame>();
  const owner = (leaf: ProfileNode): CallFrame => {
    if (!chargeTo) return leaf.callFrame;
    let found = owners.get(leaf.id);
    for (let n: ProfileNode | undefined = leaf; !found && n; n = parents.get(n.id))
      if (chargeTo(locate(n.callFrame))) found = n.callFrame;
    owners.set(leaf.id, (found ??= leaf.callFrame));
    return found;
  };
  const totals = new Map<string, { name: string; where: string; us: number }>();
  let idleUs = 0;
  let busyUs = 0;
  let atUs = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    atUs += profile.timeDeltas[i] ?? 0;
    if (atUs < fromMs * 1000 || atUs > toMs * 1000) continue;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(profile.samples[i]!)!;
    if (leaf.callFrame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    busyUs += us;
    const frame = owner(leaf);
    const where = locate(frame);
    const name = frame.functionName || '(anonymous)';
    const key = `${name}@${where}`;
    const total = totals.get(key) ?? { name, where, us: 0 };
    total.us += us;
    totals.set(key, total);
  }
  const rows = [...totals.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, limit)
    .map((t) => ({ name: t.name, where: t.where, selfMs: t.us / 1000, percent: (100 * t.us) / busyUs }));
  return { rows, busyMs: busyUs / 1000, idleMs: idleUs / 1000 };
}

/** A markdown table of the top functions. */
export function formatTopSelfTime(title: string, profile: CpuProfile, limit = 25, fromMs = 0): string {
  const { rows, busyMs, idleMs } = topSelfTime(profile, limit, fromMs);
  return [
    `${title}${fromMs > 0 ? ` (from ${Math.round(fromMs)} ms on)` : ''}: ${Math.round(busyMs)} ms busy, ${Math.round(idleMs)} ms idle`,
    '',
    '| # | self ms | % of busy | function | where |',
    '|--:|--:|--:|---|---|',
    ...rows.map((r, i) => `| ${i + 1} | ${r.selfMs.toFixed(0)} | ${r.percent.toFixed(1)} | ${r.name} | ${r.where} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: tsx bench/http/profile-summary.ts FILE.cpuprofile...');
    process.exitCode = 2;
  }
  for (const file of files)
    console.log(`${formatTopSelfTime(file, JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)}\n`);
}
