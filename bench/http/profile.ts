// BENCH_PROFILE=1|batch mode: our server (WORKERS=1) under the single-lookup or batch load with node --cpu-prof, then its top self-time functions.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/package/paths.ts';
import type { LoadTool } from './load.ts';
import { formatTopSelfTime, type CpuProfile } from './profile-summary.ts';
import { startOurs } from './servers.ts';

/** Profiles go to bench/results/profiles/<time>/ (gitignored), to open in Chrome DevTools as well. */
export async function runProfile(
  tool: LoadTool,
  path: string,
  bodies: string[],
  seconds: number,
  connections: number,
): Promise<void> {
  const dir = join(repoRoot, 'bench/results/profiles', new Date().toISOString().replace(/[:.]/g, '-'));
  mkdirSync(dir, { recursive: true });
  const s = await startOurs(1, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  try {
    const job = { url: s.child.baseUrl, path, apiKey: s.apiKey, bodies, connections };
    await tool.run({ ...job, seconds: 2 });
    const r = await tool.run({ ...job, seconds });
    console.log(
      `${s.child.name} under --cpu-prof (${tool.name}): ${Math.round(r.rps)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, ${r.non2xx} non-2xx`,
    );
  } finally {
    // The profile is written when the server exits cleanly after SIGTERM.
    await s.stop();
  }
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (files.length === 0) throw new Error(`no .cpuprofile in ${dir} (did the server exit cleanly?)`);
  // Start-up is left out: the profile starts with the process, the load about when the first answer came.
  for (const f of files) {
    console.log(
      `\n${formatTopSelfTime(join(dir, f), JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile, 25, s.firstAnswerMs)}`,
    );
  }
}
