// One server per port: a port anything else holds is refused before binding, and sockets of another process on our
// port are seen after binding (SO_REUSEPORT would let a second server share it and split the traffic).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import uWS from 'uWebSockets.js';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/http/free-port.ts';
import { listen } from '../../src/http/listen.ts';
import { assertPortFree, foreignListeners } from '../../src/http/port-guard.ts';
import { spawnServer } from '../webhooks/support/child.ts';

const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

/** A uWS listener in another process, as another server started on the port would be. */
async function foreignUws(port: number): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `
    const uWS = require('uWebSockets.js');
    uWS.App().any('/*', (res) => res.end('other')).listen('127.0.0.1', ${port}, (s) => console.log(s ? 'ready' : 'failed'));
  `,
    ],
    { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) =>
    child.stdout.on('data', (d: Buffer) =>
      d.toString().includes('ready') ? resolve() : reject(new Error(d.toString())),
    ),
  );
}

describe('the port guard', () => {
  it('refuses a port another server listens on, with or without SO_REUSEPORT', async () => {
    const port = await freePort('127.0.0.1');
    const plain = createServer().listen(port, '127.0.0.1');
    await new Promise((resolve) => plain.once('listening', resolve));
    await expect(assertPortFree('127.0.0.1', port)).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use by another process`,
    );
    plain.close();
    const other = await freePort('127.0.0.1');
    await foreignUws(other);
    await expect(assertPortFree('127.0.0.1', other)).rejects.toThrow('already in use');
    await expect(assertPortFree('127.0.0.1', await freePort('127.0.0.1'))).resolves.toBeUndefined();
  });

  it('names HOST when it is no address of this machine', async () => {
    for (const host of ['999.1.1.1', '192.0.2.1'])
      await expect(assertPortFree(host, 0)).rejects.toThrow(
        new RegExp(`^HOST ${host} is not an address of this machine`),
      );
  });

  it("counts another process's sockets on a port it shares, and never this process's own", async () => {
    const port = await freePort('127.0.0.1');
    const ours = await listen(uWS.App(), '127.0.0.1', port, true);
    expect(foreignListeners(port)).toBe(0);
    await foreignUws(port);
    expect(foreignListeners(port)).toBe(1);
    ours.close();
  });
});

describe('a second server on a taken port', () => {
  it('exits with a message that names the port, and the first keeps all the traffic', async () => {
    const first = await spawnServer({});
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(first.port),
          WORKERS: '2',
          METRICS_PORT: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(second);
      let output = '';
      second.stdout.on('data', (d: Buffer) => (output += d.toString()));
      second.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(output).toContain(`port ${first.port} on 127.0.0.1 is already in use by another process`);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${first.url}/healthz`, { headers: { connection: 'close' } }).then((r) => r.status),
        ),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
    } finally {
      first.process.kill('SIGTERM');
      await first.exited;
    }
  }, 60_000);
});
