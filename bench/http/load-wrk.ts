// Runs wrk with rotate.lua (rotating bodies, x-api-key) and reads the JSON line the script prints when done.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from './load.ts';

const SCRIPT = join(import.meta.dirname, 'rotate.lua');
/** wrk threads; 2 by default (wrk's own default), on this 2-core machine shared with the server. */
const THREADS = Number(process.env.BENCH_WRK_THREADS ?? 2);

interface WrkSummary {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  status_errors: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
}

export async function runWrk(job: LoadJob): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const bodiesFile = join(dir, 'bodies.ndjson');
  writeFileSync(bodiesFile, `${job.bodies.join('\n')}\n`);
  const get = job.method === 'GET';
  const args = [
    '-t',
    String(THREADS),
    '-c',
    String(job.connections),
    '-d',
    `${job.seconds}s`,
    '--timeout',
    '10s',
    '-s',
    SCRIPT,
    job.url + job.path,
    '--',
    get ? 'GET' : 'POST',
    job.path,
    job.apiKey,
    bodiesFile,
  ];

  try {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile('wrk', args, { maxBuffer: 1 << 20 }, (err, out, errOut) =>
        err ? reject(new Error(`wrk failed: ${err.message}\n${errOut}`)) : resolve(out),
      ),
    );
    const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
    const s = JSON.parse(line) as WrkSummary;
    const seconds = s.duration_us / 1e6;
    return {
      requests: s.requests,
      seconds,
      rps: s.requests / seconds,
      p50Ms: s.p50_us / 1000,
      p99Ms: s.p99_us / 1000,
      non2xx: s.status_errors,
      socketErrors: s.connect + s.read + s.write + s.timeout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
