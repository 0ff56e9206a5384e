// `npx tsx bench/startup-workers.ts [dataDir] [runs]`: process RSS with the location service open (a point lookup answered) in the main
// thread, then in 1 and 2 worker threads too; bundled and run on plain node like production (no tsx loader in the RSS), median of fresh processes.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { nativeAddonPlugin } from '../scripts/package/native-addons.ts';
import { repoRoot } from '../scripts/package/paths.ts';

const dir = resolve(process.argv[2] ?? 'data/build');
const runs = Number(process.argv[3] ?? 3);
const outdir = join(repoRoot, 'node_modules/.cache/bench-startup');

await build({
  entryPoints: [
    join(import.meta.dirname, 'startup-workers-process.ts'),
    join(import.meta.dirname, 'startup-worker-thread.ts'),
  ],
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // resources.ts finds the repository as the parent of src/.
  define: { 'import.meta.dirname': JSON.stringify(join(repoRoot, 'src')) },
  logOverride: { 'empty-import-meta': 'silent' },
  plugins: [nativeAddonPlugin],
  logLevel: 'warning',
});

type Row = { threads: string; ms: number; rss: number; anon: number; file: number };
const results = Array.from({ length: runs }, () => {
  const out = execFileSync(
    process.execPath,
    [join(outdir, 'startup-workers-process.cjs'), dir, join(outdir, 'startup-worker-thread.cjs')],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as Row[];
});
const median = (i: number, key: 'ms' | 'rss' | 'anon' | 'file') => {
  const xs = results.map((r) => r[i]![key]).sort((a, b) => a - b);
  return xs[Math.floor((xs.length - 1) / 2)]!;
};
console.log(
  `Location service open with the boundary index answering, dataset ${dir}, ${runs} fresh processes (median), Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}:`,
);
console.log(
  '| threads with the service open | open + first answers (in that thread) | VmRSS (process) | RssAnon / RssFile | vs main thread only |',
);
console.log('|---|---|---|---|---|');
results[0]!.forEach((row, i) => {
  const growth = i === 0 ? '' : `+${(((median(i, 'rss') - median(0, 'rss')) / median(0, 'rss')) * 100).toFixed(0)}%`;
  console.log(
    `| ${row.threads} | ${median(i, 'ms').toFixed(0)} ms | ${median(i, 'rss').toFixed(0)} MiB | ${median(i, 'anon').toFixed(0)} / ${median(i, 'file').toFixed(0)} MiB | ${growth} |`,
  );
});
