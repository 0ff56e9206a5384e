// `npx tsx bench/startup.ts [dataDir] [runs]`: process start -> first answered geocode/autocomplete, and RSS, over fresh processes (median).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] ?? 'data/build';
const runs = Number(process.argv[3] ?? 5);
const child = fileURLToPath(new URL('./startup-child.ts', import.meta.url));
const results = Array.from({ length: runs }, () => {
  // performance.now() in the child counts from its process start (timeOrigin), tsx's module loading included.
  const out = execFileSync(process.execPath, ['--import', 'tsx', child, dir], { encoding: 'utf8' });
  return JSON.parse(out) as {
    firstAnswerMs: number;
    firstAnswerCpuMs: number;
    rssAfterStartMiB: number;
    firstPointLookupMs: number;
    rssWithPointIndexMiB: number;
    ok: boolean;
  };
});
const median = (key: keyof (typeof results)[number]) => {
  const xs = results.map((r) => Number(r[key])).sort((a, b) => a - b);
  return xs[Math.floor((xs.length - 1) / 2)]!;
};
const { cpus, loadavg } = await import('node:os');
console.log(
  `Start-up over ${runs} fresh processes (median), dataset ${dir}, Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}:`,
);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| process start -> first geocode + autocomplete answered | ${median('firstAnswerMs').toFixed(0)} ms |`);
console.log(
  `| CPU time used until then (user + system; unaffected by other load) | ${median('firstAnswerCpuMs').toFixed(0)} ms |`,
);
console.log(`| RSS then | ${median('rssAfterStartMiB').toFixed(0)} MiB |`);
console.log(
  `| process start -> first point lookup (opens the native boundary index) | ${median('firstPointLookupMs').toFixed(0)} ms |`,
);
console.log(`| RSS with the boundary index open | ${median('rssWithPointIndexMiB').toFixed(0)} MiB |`);
if (!results.every((r) => r.ok)) throw new Error('a start-up run answered the wrong pincode');
