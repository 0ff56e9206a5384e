// The fallback load tool: autocannon in its own node process, so it does not share an event loop with the harness.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

// Reads the job from stdin and prints one JSON line: totals, not autocannon's per-second averages.
const CHILD = `
const autocannon = require('autocannon');
const job = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
autocannon({
  url: job.url + job.path, duration: job.seconds, connections: job.connections, method: 'POST', timeout: 10,
  headers: { 'x-api-key': job.apiKey, 'content-type': 'application/json' },
  requests: job.bodies.map((body) => job.method === 'GET' ? { method: 'GET', path: body } : { method: 'POST', body }),
}, (err, r) => {
  if (err) throw err;
  process.stdout.write(JSON.stringify({ requests: r.requests.total, seconds: r.duration, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts }));
});`;

export function runAutocannon(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-e', CHILD],
      { cwd: repoRoot, maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        if (err) return reject(new Error(`autocannon failed: ${err.message}\n${stderr}`));
        const r = JSON.parse(stdout) as {
          requests: number;
          seconds: number;
          p50: number;
          p99: number;
          non2xx: number;
          errors: number;
          timeouts: number;
        };
        resolve({
          requests: r.requests,
          seconds: r.seconds,
          rps: r.requests / r.seconds,
          p50Ms: r.p50,
          p99Ms: r.p99,
          non2xx: r.non2xx,
          socketErrors: r.errors,
        });
      },
    );
    child.stdin!.end(JSON.stringify(job));
  });
}
