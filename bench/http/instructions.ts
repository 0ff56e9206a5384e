// `npm run bench:instructions`: user-space instructions per request of our server and bare uWS, counted by valgrind's
// callgrind on the running process. Unlike req/s on a shared VM, the count repeats to about 0.1% (the kernel is not
// counted): it tells whether a change to the hot path made a request cheaper, where timing cannot.
// Needs valgrind (Debian: apt-get install valgrind). BENCH_REQUESTS (default 10,000 single lookups, 2,000 batches);
// BENCH_KEEP=1 keeps callgrind's dumps.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bundlePath } from '../../scripts/package/paths.ts';
import { freePort } from '../../src/http/free-port.ts';
import { stopChild } from '../../scripts/package/server-process.ts';
import {
  BATCH_PATH,
  LOOKUP_PATH,
  START_FLAGS,
  bareUwsScript,
  bundleHelpers,
  createBenchKey,
  dataPaths,
  ensureDist,
} from './servers.ts';
import { seededBodies } from './points.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
/** Requests before counting starts, so V8 has optimised the hot path (it does under valgrind too, only slower). */
const WARMUP = 30_000;

/** Sends `total` POSTs over 8 keep-alive connections, the bodies in turn; every answer must be 2xx. */
async function send(port: number, path: string, apiKey: string, bodies: string[], total: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  let sent = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const next = () => {
        if (sent >= total) return;
        const body = bodies[sent++ % bodies.length]!;
        const headers = {
          'x-api-key': apiKey,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        };
        request({ host: '127.0.0.1', port, method: 'POST', path, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode! >= 300) return reject(new Error(`${path} answered ${res.statusCode}`));
            if (++done === total) resolve();
            else next();
          });
        })
          .on('error', reject)
          .end(body);
      };
      for (let i = 0; i < 8; i++) next();
    });
  } finally {
    agent.destroy();
  }
}

/**
 * The text of a callgrind dump once complete. Valgrind reads control commands only while the program runs, so an idle
 * server is sent a request (after counting stopped) until the dump appears.
 */
async function dumped(path: string, wake: () => Promise<void>): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    await wake();
    try {
      const text = readFileSync(path, 'utf8');
      if (/^totals: \d+$/m.test(text)) return text;
    } catch {
      // Not written yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no callgrind dump at ${path} (${readdirSync(dirname(path)).join(', ')})`);
}

/** Instructions per request of the server started by `args` (node arguments) for each of `loads`. */
async function count(
  name: string,
  args: string[],
  env: Record<string, string>,
  apiKey: string,
  loads: Array<{ path: string; bodies: string[]; requests: number }>,
) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-instructions-'));
  const port = await freePort('127.0.0.1');
  const out = join(dir, 'callgrind.out');
  const childEnv = { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) };
  // vgdb names its pipes after the prefix, USER and HOST (the server's listen address here): both sides must agree.
  const prefix = `--vgdb-prefix=${join(dir, 'vgdb')}`;
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--instr-atstart=no', prefix, `--callgrind-out-file=${out}`, process.execPath, ...args],
    {
      env: childEnv,
      stdio: 'ignore',
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const control = (...a: string[]) => {
    const r = spawnSync('callgrind_control', [prefix, ...a, String(child.pid)], { encoding: 'utf8', env: childEnv });
    if (r.status !== 0) throw new Error(`callgrind_control ${a.join(' ')} failed: ${r.stderr}${r.stdout}`);
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        await send(port, loads[0]!.path, apiKey, loads[0]!.bodies, 1);
        break;
      } catch (err) {
        if (tries > 600) throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const results: number[] = [];
    for (const [i, load] of loads.entries()) {
      await send(port, load.path, apiKey, load.bodies, WARMUP / (load.path === BATCH_PATH ? 10 : 1));
      control('-z');
      control('-i', 'on');
      await send(port, load.path, apiKey, load.bodies, load.requests);
      control('-i', 'off');
      control('-d');
      const totals = /^totals: (\d+)$/m.exec(
        await dumped(`${out}.${i + 1}`, () => send(port, load.path, apiKey, load.bodies, 1)),
      );
      results.push(Number(totals?.[1]) / load.requests);
    }
    console.log(
      `${name}\n${loads.map((l, i) => `  ${l.path}: ${Math.round(results[i]!).toLocaleString('en-US')} instructions per request`).join('\n')}`,
    );
    return results;
  } finally {
    await stopChild(child, exited);
    // BENCH_KEEP=1 keeps the dumps for callgrind_annotate (one per load, numbered in order).
    if (process.env.BENCH_KEEP) console.log(`  dumps kept in ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (spawnSync('valgrind', ['--version']).status !== 0)
    throw new Error('valgrind is not installed (Debian: apt-get install valgrind)');
  ensureDist();
  await bundleHelpers();
  const bodies = seededBodies(dataPaths.gazetteer);
  const db = mkdtempSync(join(tmpdir(), 'bench-instructions-db-'));
  const env = { NODE_ENV: 'production', METRICS_PORT: 'off', DB_PATH: join(db, 'app.sqlite'), WORKERS: '1' };
  try {
    const apiKey = createBenchKey(env);
    const [ours] = await count('geopin WORKERS=1', [...START_FLAGS, bundlePath, 'serve'], env, apiKey, [
      { path: LOOKUP_PATH, bodies: bodies.single, requests: REQUESTS },
      { path: BATCH_PATH, bodies: bodies.batch, requests: Math.max(1, Math.round(REQUESTS / 5)) },
    ]);
    const [bare] = await count('bare uWS (fixed answer)', [bareUwsScript], {}, 'unused', [
      { path: LOOKUP_PATH, bodies: bodies.single, requests: REQUESTS },
    ]);
    console.log(
      `single lookup: ours takes ${(ours! / bare!).toFixed(2)}x the instructions of bare uWS (user space; the kernel's share is not counted)`,
    );
  } finally {
    rmSync(db, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:instructions failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
