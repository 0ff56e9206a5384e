// `npm run bench:http`: issue 15's side-by-side HTTP benchmark. One server child at a time (never two under load on 2 cores):
// ours with WORKERS=1 and 2, node:http + which-polygon, bare uWS; prints a markdown table and writes bench/results/http-latest.json.
// BENCH_ROUNDS (default 3) rounds, each running every server once (medians reported); BENCH_SECONDS (default 8) per measured run; BENCH_PROFILE=1 (or =batch) profiles ours under the single-lookup (batch) load instead;
// BENCH_ONLY=ours1,bare (names: ours1, ours2, which-polygon, bare) runs a subset while iterating (ratios need all).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/package/paths.ts';
import { ioPressure, machineCpu } from '../proc.ts';
import { stopAll } from './child.ts';
import { pickLoadTool, type LoadJob, type LoadTool } from './load.ts';
import { BATCH_SIZE, POINT_COUNT, seededBodies, type Bodies } from './points.ts';
import { runProfile } from './profile.ts';
import { failuresOf, formatReport, writeJson, type RunInfo, type ScenarioResult, type ServerResult } from './report.ts';
import {
  BATCH_PATH,
  LOOKUP_PATH,
  bundleHelpers,
  checkSeededAnswers,
  dataPaths,
  ensureDist,
  startBareUws,
  startOurs,
  startWhichPolygon,
  type Started,
} from './servers.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** The shared VM drifts by tens of percent within minutes: rounds of every server in turn, then medians, steady the ratios. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const CONNECTIONS = 32;
const RESULTS = join(repoRoot, 'bench/results/http-latest.json');

interface Entry {
  name: string;
  start: () => Promise<Started>;
  batch: boolean;
}

const ENTRIES: Entry[] = [
  { name: 'ours1', start: () => startOurs(1), batch: true },
  { name: 'ours2', start: () => startOurs(2), batch: true },
  { name: 'which-polygon', start: startWhichPolygon, batch: true },
  { name: 'bare', start: startBareUws, batch: false },
];
const ONLY = process.env.BENCH_ONLY?.split(',');

/** A short unmeasured run first (so no server is measured while its JIT warms up), then the measured one. */
async function measure(
  tool: LoadTool,
  s: Started,
  path: string,
  bodies: string[],
  pointsPerRequest: number,
): Promise<ScenarioResult> {
  const job: LoadJob = {
    url: s.child.baseUrl,
    path,
    apiKey: s.apiKey,
    bodies,
    seconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
  };
  if (WARMUP_SECONDS > 0) await tool.run(job);
  const cpuBefore = s.child.cpuSeconds();
  const machineBefore = machineCpu().busy;
  const result = await tool.run({ ...job, seconds: SECONDS });
  const serverCpu = s.child.cpuSeconds() - cpuBefore;
  const serverCpuUsPerRequest = (serverCpu * 1e6) / result.requests;
  const otherCpuUsPerRequest = ((machineCpu().busy - machineBefore - serverCpu) * 1e6) / result.requests;
  return { ...result, pointsPerRequest, serverCpuUsPerRequest, otherCpuUsPerRequest };
}

async function benchServer(tool: LoadTool, entry: Entry, bodies: Bodies): Promise<ServerResult> {
  const s = await entry.start();
  try {
    if (entry.batch) await checkSeededAnswers(s, bodies);
    // The child's own start-up lines (ours: dataset load time, listening) explain its first-answer time.
    console.log(
      `${s.child.name}: first answer after ${Math.round(s.firstAnswerMs)} ms, ${Math.round(s.rssAfterStartBytes / 2 ** 20)} MiB; loading…`,
    );
    console.log(s.child.output().replace(/^/gm, '    '));
    const single = await measure(tool, s, LOOKUP_PATH, bodies.single, 1);
    const batch = entry.batch ? await measure(tool, s, BATCH_PATH, bodies.batch, BATCH_SIZE) : undefined;
    const rssAfterRunBytes = s.child.rssBytes();
    return {
      server: s.child.name,
      firstAnswerMs: s.firstAnswerMs,
      rssAfterStartBytes: s.rssAfterStartBytes,
      rssAfterRunBytes,
      single,
      batch,
    };
  } finally {
    await s.stop();
  }
}

function ensureData(): void {
  if (existsSync(dataPaths.gazetteer)) return;
  console.log('data/build is missing: running npm run data:build');
  if (spawnSync('npm', ['run', 'data:build'], { cwd: repoRoot, stdio: 'inherit' }).status !== 0)
    throw new Error('npm run data:build failed');
}

async function main(): Promise<void> {
  ensureData();
  ensureDist();
  await bundleHelpers();
  const tool = pickLoadTool();
  const bodies = seededBodies(dataPaths.gazetteer);
  if (process.env.BENCH_PROFILE === '1') return runProfile(tool, LOOKUP_PATH, bodies.single, SECONDS, CONNECTIONS);
  if (process.env.BENCH_PROFILE === 'batch') return runProfile(tool, BATCH_PATH, bodies.batch, SECONDS, CONNECTIONS);
  const info: RunInfo = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown CPU',
    cores: cpus().length,
    loadAverage: { before: loadavg()[0]!, after: NaN },
    ioPressure: { before: ioPressure(), after: NaN },
    tool: tool.name,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    points: POINT_COUNT,
    rounds: ROUNDS,
  };
  const rounds: ServerResult[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`\n— round ${round} of ${ROUNDS}`);
    const results: ServerResult[] = [];
    for (const entry of ENTRIES.filter((e) => !ONLY || ONLY.includes(e.name)))
      results.push(await benchServer(tool, entry, bodies));
    rounds.push(results);
  }
  info.loadAverage.after = loadavg()[0]!;
  info.ioPressure.after = ioPressure();
  console.log(`\n${formatReport(info, rounds)}\n`);
  writeJson(RESULTS, info, rounds);
  console.log(`written to ${RESULTS}`);
  const failures = failuresOf(rounds.flat());
  for (const f of failures) console.error(`FAIL ${f}`);
  if (failures.length > 0) process.exitCode = 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAll().finally(() => process.exit(130)));
}
try {
  await main();
} catch (err) {
  console.error(`bench:http failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
