// `npx tsx bench/startup-serve.ts [runs]`: the production bundle (node dist/geopin.cjs serve) from spawn to its first answered point lookup, and its memory then (median over fresh processes).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { stopAll } from './http/child.ts';
import { startOurs } from './http/servers.ts';

const runs = Number(process.argv[2] ?? 5);

/** VmRSS, RssAnon and RssFile of a process in MiB (file pages are the mapped dataset and code, shared and reclaimable). */
function memoryOf(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile') };
}

const results: Array<{ ms: number; cpu: number; rss: number; anon: number; file: number }> = [];
try {
  for (let i = 0; i < runs; i++) {
    const s = await startOurs(1);
    try {
      results.push({ ms: s.firstAnswerMs, cpu: s.child.cpuSeconds() * 1000, ...memoryOf(s.child.pid) });
    } finally {
      await s.stop();
    }
  }
} finally {
  await stopAll();
}
const median = (key: keyof (typeof results)[number]) => {
  const xs = results.map((r) => r[key]).sort((a, b) => a - b);
  return xs[Math.floor((xs.length - 1) / 2)]!;
};
console.log(
  `node dist/geopin.cjs serve over ${runs} fresh processes (median), Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}:`,
);
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| spawn -> first answered POST /v1/location/lookup | ${median('ms').toFixed(0)} ms |`);
console.log(`| CPU time used by then (user + system) | ${median('cpu').toFixed(0)} ms |`);
console.log(`| VmRSS then | ${median('rss').toFixed(0)} MiB |`);
console.log(`| of which RssAnon / RssFile | ${median('anon').toFixed(0)} / ${median('file').toFixed(0)} MiB |`);
