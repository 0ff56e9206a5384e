// QA "Memory": 2 connections pipelining 50 × GET swagger-ui-bundle.js (1.7 MB) without reading took RSS up by 187 MB
// within a second, 10 × 100 × /openapi.json by 126 MB; now each connection holds at most one unsent answer.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePeak, settled, startMeasuredServer, type MeasuredServer } from './support/measured-server.ts';

const MiB = 1 << 20;
/** Growth allowed per flood: a few answers in flight and the allocator's slack, against 126–187 MiB before. */
const GROWTH = 40 * MiB;

let server: MeasuredServer;
beforeAll(async () => {
  server = await startMeasuredServer();
}, 60_000);
afterAll(async () => server?.stop());

/** Opens `sockets` connections that each write `count` pipelined GETs of `path` and never read. */
async function flood(path: string, sockets: number, count: number): Promise<Socket[]> {
  const request = `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`.repeat(count);
  return Promise.all(
    Array.from(
      { length: sockets },
      () =>
        new Promise<Socket>((resolve) => {
          const socket = connect(server.port, '127.0.0.1', () => {
            socket.pause();
            socket.write(request);
            resolve(socket);
          });
          socket.on('error', () => undefined);
        }),
    ),
  );
}

async function growth(path: string, sockets: number, count: number): Promise<number> {
  // Warm the route, so its lazily built answer is not counted.
  await (await fetch(`${server.url}${path}`)).arrayBuffer();
  const before = await settled(() => server.rssBytes());
  const sampler = samplePeak(() => server.rssBytes());
  const open = await flood(path, sockets, count);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const peak = sampler.stop();
  for (const socket of open) socket.destroy();
  console.log(`${sockets} × ${count} × ${path}: RSS +${((peak - before) / MiB).toFixed(1)} MiB`);
  return peak - before;
}

describe('pipelined requests whose answers are never read', () => {
  it('keep RSS bounded for 2 connections × 50 × the 1.7 MB Swagger bundle', async () => {
    const html = await (await fetch(`${server.url}/docs`)).text();
    const bundle = /src="(\/docs\/assets\/[\d.]+\/swagger-ui-bundle\.js)"/.exec(html)![1]!;
    expect(await growth(bundle, 2, 50)).toBeLessThan(GROWTH);
  }, 30_000);

  it('keep RSS bounded for 10 connections × 100 × /openapi.json', async () => {
    expect(await growth('/openapi.json', 10, 100)).toBeLessThan(GROWTH);
  }, 30_000);
});
