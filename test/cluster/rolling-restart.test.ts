// A rolling restart of two nodes on one PostgreSQL behind a balancer that follows /readyz: SIGTERM drains a node
// (/readyz 503, replies close their connections, requests in flight finish) before it exits, so no request is lost.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { datasetDir } from '../support/dataset.ts';
import { testStore } from '../support/server.ts';

let store: Awaited<ReturnType<typeof testStore>>;
let env: Record<string, string>;
// Every node started, so that a failed assertion mid-restart still stops them all (stop() is idempotent).
const started: ServerProcess[] = [];
const start = async () => {
  const node = await startServerProcess(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
    cwd: process.cwd(),
    env,
  });
  started.push(node);
  return node;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  store = await testStore();
  env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    WORKERS: '2',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_OUT_DIR: datasetDir,
    ...store.env,
    SHUTDOWN_DRAIN_MS: '1500',
    NODE_HEARTBEAT_MS: '200',
    TRUST_PROXY_HOPS: '1',
  };
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((node) => node.stop()));
  await store?.drop();
});

/** The balancer: sends to the nodes whose /readyz answered 200 at its last check (every 100 ms). */
class Balancer {
  private healthy = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  constructor(public nodes: string[]) {}

  async check(): Promise<void> {
    const states = await Promise.all(
      this.nodes.map(async (url) => {
        try {
          return (await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(500) })).status === 200;
        } catch {
          return false;
        }
      }),
    );
    this.healthy = new Set(this.nodes.filter((_n, i) => states[i]));
  }

  start(): void {
    this.timer = setInterval(() => void this.check(), 100);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  pick(n: number): string | null {
    const live = [...this.healthy];
    return live.length === 0 ? null : live[n % live.length]!;
  }
}

describe('a rolling restart', () => {
  it('loses no request: every lookup and every funnel write is answered 2xx, and each write is stored once', async () => {
    let a = await start();
    let b = await start();
    const { merchant, apiKey } = await createMerchant(a);
    const lb = new Balancer([a.baseUrl, b.baseUrl]);
    await lb.check();
    lb.start();
    const agent = new Agent({ keepAlive: true });
    const outcomes: Array<{ ok: boolean; what: string }> = [];
    let written = 0;
    let running = true;
    const client = async (id: number) => {
      for (let n = 0; running; n++) {
        const node = lb.pick(id + n);
        if (!node) {
          await sleep(10);
          continue;
        }
        const write = n % 3 === 0;
        // The balancer names each client (TRUST_PROXY_HOPS=1), as a real one does.
        const forwarded = { 'x-forwarded-for': `10.${id}.${(n >> 8) & 255}.${n & 255}` };
        try {
          const status = write
            ? await send(
                agent,
                `${node}/checkout-funnel-events`,
                'POST',
                { 'content-type': 'application/json', ...forwarded },
                JSON.stringify({ merchant_id: merchant, event_type: 'rolling', step: `c${id}-${n}` }),
              )
            : await send(agent, `${node}/checkout-admin?action=cod_config`, 'GET', {
                'x-api-key': apiKey,
                ...forwarded,
              });
          outcomes.push({ ok: status < 300, what: `${status} ${node}` });
          if (write && status < 300) written++;
        } catch (err) {
          outcomes.push({ ok: false, what: `${(err as Error).message} ${node}` });
        }
        // About 100 requests a second per client: under the merchant's 3,000 funnel events a minute.
        await sleep(10);
      }
    };
    const clients = Array.from({ length: 4 }, (_v, i) => client(i));
    try {
      await sleep(500);
      for (const which of ['a', 'b'] as const) {
        const old = which === 'a' ? a : b;
        expect(await old.stop()).toBe(0);
        const fresh = await start();
        lb.nodes = lb.nodes.map((url) => (url === old.baseUrl ? fresh.baseUrl : url));
        if (which === 'a') a = fresh;
        else b = fresh;
        await sleep(700);
      }
    } finally {
      // Clients and the balancer stop even when a node failed to exit cleanly, so nothing keeps running.
      running = false;
      await Promise.all(clients);
      lb.stop();
      agent.destroy();
    }
    const stored = await count(a, apiKey);
    await a.stop();
    await b.stop();
    expect(outcomes.filter((o) => !o.ok).map((o) => o.what)).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(200);
    expect(stored).toBe(written);
  }, 120_000);
});

/** One request on the agent's keep-alive connections; resolves with the status once the body is read. */
function send(
  agent: Agent,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function createMerchant(node: ServerProcess): Promise<{ merchant: string; apiKey: string }> {
  const { runScript } = await import('../support/run-script.ts');
  const made = runScript('create-merchant.ts', ['--name', 'Rolling shop'], store.env);
  expect(made.status, made.stderr).toBe(0);
  const merchant = /merchant_id=(\S+)/.exec(made.stdout)![1]!;
  const apiKey = /api_key=(\S+)/.exec(made.stdout)![1]!;
  expect((await fetch(`${node.baseUrl}/healthz`)).status).toBe(200);
  return { merchant, apiKey };
}

/** Funnel events the store holds, through the admin report. */
async function count(node: ServerProcess, apiKey: string): Promise<number> {
  const res = await fetch(`${node.baseUrl}/checkout-admin?action=funnel&from=2000-01-01`, {
    headers: { 'x-api-key': apiKey },
  });
  return ((await res.json()) as { data: { total_events: number } }).data.total_events;
}
