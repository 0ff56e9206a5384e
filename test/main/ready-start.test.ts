// /readyz of a process still starting its HTTP threads: the first thread to listen answers 503 until every thread
// listens, so a load balancer does not send a whole node's traffic to one thread of eight.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/http/free-port.ts';
import { stopChild } from '../../scripts/package/server-process.ts';
import { repoRoot } from '../support/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'ready-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const WORKERS = 4;

describe('a production server starting four HTTP threads', () => {
  it('is first ready when the log says every thread listens', async () => {
    const port = await freePort('127.0.0.1');
    const child = spawn(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), 'serve'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: '',
        DB_PATH: join(dir, 'app.sqlite'),
        HOST: '127.0.0.1',
        PORT: String(port),
        WORKERS: String(WORKERS),
        METRICS_PORT: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      const notReady: string[] = [];
      let atReady = '';
      for (const deadline = Date.now() + 60_000; Date.now() < deadline && !atReady;) {
        const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
        if (res?.status === 200) atReady = output;
        else if (res) notReady.push(((await res.json()) as { message: string }).message);
        else await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(atReady, output).not.toBe('');
      for (let thread = 1; thread < WORKERS; thread++) expect(atReady).toContain(`http thread ${thread} listening`);
      // Any answer before then was the starting process saying it does not accept traffic yet.
      for (const message of notReady) expect(message).toBe('not ready: accepting');
      // SIGTERM is handled once start has returned (its "listening" line); before that it ends the process at once.
      for (const deadline = Date.now() + 30_000; Date.now() < deadline && !output.includes('[server] listening on');)
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      expect(await stopChild(child, exited)).toBe(0);
    }
  });
});
