// `npm run package:measure`: executable size, start-up time (process start to first answered lookup) and RSS, per way of starting the server.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlePath, executablePath, repoRoot } from './paths.ts';
import { startServerProcess } from './server-process.ts';

const RUNS = 5;

interface Mode {
  name: string;
  command: string;
  args: string[];
  /** Called before each run; returns extra environment (e.g. a fresh cache for a cold start). */
  prepare(run: number): Record<string, string>;
}

interface Sample {
  startMs: number;
  cpuMs: number;
  rssBytes: number;
}

const root = mkdtempSync(join(tmpdir(), 'geopin-measure-'));
const exe = join(root, 'geopin');
copyFileSync(executablePath, exe);
const base = {
  HOME: root,
  HOST: '127.0.0.1',
  PORT: '0',
  METRICS_PORT: 'off',
  DB_PATH: join(root, 'geopin-data/app.sqlite'),
  PATH: process.env.PATH ?? '',
};
// One key for every run, made with the executable (its own cache, so the cold runs below start from nothing).
const key = execFileSync(exe, ['key', 'create', '--plan', 'enterprise'], {
  cwd: root,
  env: { ...base, XDG_CACHE_HOME: join(root, 'cache-key') },
  encoding: 'utf8',
}).trim();

const modes: Mode[] = [
  {
    name: '`dist/geopin serve`, first start (extracts to an empty cache)',
    command: exe,
    args: ['serve'],
    prepare: (run) => ({ XDG_CACHE_HOME: join(root, `cache-cold-${run}`) }),
  },
  {
    name: '`dist/geopin serve`, cache present',
    command: exe,
    args: ['serve'],
    prepare: () => ({ XDG_CACHE_HOME: join(root, 'cache-key') }),
  },
  { name: '`node dist/geopin.cjs serve`', command: process.execPath, args: [bundlePath, 'serve'], prepare: () => ({}) },
  {
    name: '`node --import tsx src/main/cli.ts serve` (TypeScript compiled at start)',
    command: process.execPath,
    args: ['--import', 'tsx', 'src/main/cli.ts', 'serve'],
    prepare: () => ({}),
  },
];

async function sample(mode: Mode, run: number): Promise<Sample> {
  const env = { ...base, ...mode.prepare(run) };
  const started = performance.now();
  const server = await startServerProcess(mode.command, mode.args, {
    cwd: mode.command === exe ? root : repoRoot,
    env,
  });
  try {
    const res = await fetch(`${server.baseUrl}/v1/location/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ latitude: 12.9716, longitude: 77.5946 }),
    });
    if (res.status !== 200) throw new Error(`lookup answered ${res.status}: ${await res.text()}`);
    return { startMs: performance.now() - started, cpuMs: server.cpuSeconds() * 1000, rssBytes: server.rssBytes() };
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

try {
  console.log(
    `node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), ${RUNS} runs each\n`,
  );
  // Wall time suffers from other load on the machine: the best run estimates it, CPU time is steadier.
  console.log(
    `| start | wall time to first lookup (best) | CPU time to it (median) | RSS after it (median) |\n|---|---|---|---|`,
  );
  for (const mode of modes) {
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) samples.push(await sample(mode, run));
    const best = Math.min(...samples.map((s) => s.startMs));
    console.log(
      `| ${mode.name} | ${Math.round(best)} ms | ${Math.round(median(samples.map((s) => s.cpuMs)))} ms | ${mb(median(samples.map((s) => s.rssBytes)))} |`,
    );
  }
  console.log(
    `\nexecutable dist/geopin: ${mb(statSync(executablePath).size)}; bundle dist/geopin.cjs: ${mb(statSync(bundlePath).size)}`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
