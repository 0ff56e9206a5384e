// A real HTTP webhook receiver on 127.0.0.1 whose answers the test scripts (fail, hang, 410), recording every request.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

/** `n` is the 1-based request number; 'hang' never answers (the sender must time out). */
export type Behaviour = (
  n: number,
  req: ReceivedRequest,
) => { status: number; body?: string; delayMs?: number } | 'hang';

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Distinct X-Service-Delivery ids seen, in arrival order: what a deduping receiver would process. */
  uniqueDeliveries(): string[];
  /** Resolves once `count` requests arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: Array<() => void> = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received = { headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      requests.push(received);
      waiters.splice(0).forEach((wake) => wake());
      const answer = behaviour(requests.length, received);
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? '');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    requests,
    uniqueDeliveries: () => [...new Set(requests.map((r) => String(r.headers['x-service-delivery'])))],
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` (sync or async) until it returns true (rejects after `timeoutMs`). */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
