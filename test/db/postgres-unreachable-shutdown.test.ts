// SIGTERM while PostgreSQL is out of reach: the server process still exits 0 within its shutdown bound, and says in
// one line how many answered requests' usage counts it could not write, instead of waiting for the database.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { datasetDir } from '../support/dataset.ts';
import { runScript } from '../support/run-script.ts';
import { testStore } from '../support/server.ts';
import { relay, type Relay } from './support/relay.ts';

const DRAIN_MS = 300;
const TIMEOUT_MS = 2000;

describe.skipIf(!inject('databaseUrl'))('stopping with PostgreSQL out of reach', () => {
  let store: Awaited<ReturnType<typeof testStore>>;
  let link: Relay;
  let node: ServerProcess | undefined;

  beforeAll(async () => {
    store = await testStore();
    link = await relay(new URL(store.env.DATABASE_URL!));
  });
  afterAll(async () => {
    await node?.stop();
    await link.cut();
    await store.drop();
  });

  it('exits 0 within the drain plus SHUTDOWN_TIMEOUT_MS and logs the usage counts it lost', async () => {
    const created = runScript('create-key.ts', ['--plan', 'paid'], store.env);
    expect(created.status, created.stderr).toBe(0);
    const url = new URL(store.env.DATABASE_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    node = await startServerProcess(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        WORKERS: '2',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_OUT_DIR: datasetDir,
        ...store.env,
        DATABASE_URL: url.toString(),
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
      },
    });
    const key = created.stdout.trim();
    expect(await lookup(node.baseUrl, key)).toBe(200);
    // Each on a new connection, so that both threads learn the key (they serve known keys without the database).
    for (let i = 0; i < 20; i++) await lookup(node.baseUrl, key);
    // The database now accepts connections and never answers: the harder case, as every write waits for its timeout.
    await link.mend('hold');
    for (let i = 0; i < 5; i++) expect(await lookup(node.baseUrl, key)).toBe(200);

    const started = Date.now();
    expect(await node.stop()).toBe(0);
    expect(Date.now() - started).toBeLessThan(DRAIN_MS + TIMEOUT_MS + 1500);
    const records = node
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string; requests?: number });
    const lost = records.filter((r) => r.msg.includes('usage counts lost'));
    expect(lost).toHaveLength(1);
    expect(lost[0]!.level).toBe(50);
    expect(lost[0]!.requests).toBeGreaterThanOrEqual(5);
    // The closing line (the two may reach stdout in either order: pino writes asynchronously until the exit).
    expect(records.filter((r) => r.msg === '[server] stopped')).toHaveLength(1);
  });
});

/** One location lookup on a connection of its own; resolves with the status. */
function lookup(baseUrl: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ latitude: 12.9716, longitude: 77.5946 });
    const req = request(`${baseUrl}/v1/location/lookup`, {
      method: 'POST',
      agent: false,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
