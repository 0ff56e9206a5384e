// Unsent answers per connection: a client that pipelines requests and never reads gets its connection closed instead of
// every answer buffered; a slow reader of a large answer, and a pipelining client that reads, are answered in full.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listen, type Listening } from '../../src/http/listen.ts';
import { compileEndpoints } from '../../src/http/pipeline.ts';
import { defineRoute, RawReply } from '../../src/http/route.ts';
import { createHttpApp } from '../../src/http/server.ts';
import { encodeRequest, parseResponses, pipeline } from './support/raw-http.ts';

const MiB = 1 << 20;
const BIG = Buffer.alloc(2 * MiB, 'a');

const route = (path: string, body: () => unknown) =>
  defineRoute({ method: 'get', path, auth: 'public', tag: 't', summary: path, response: z.unknown(), handle: body });

let server: Listening;
beforeAll(async () => {
  const routes = [
    route('/big', () => new RawReply(BIG, { 'content-type': 'application/octet-stream' })),
    route('/small', () => ({ ok: true })),
  ];
  server = await listen(createHttpApp(compileEndpoints(routes, {}), { bodyBudgetBytes: MiB }).app, '127.0.0.1', 0);
});
afterAll(() => server.close());

/** Connects without reading: nothing is taken from the kernel until `drain` is called. */
function silentSocket(payload: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      socket.pause();
      socket.write(payload);
      resolve(socket);
    });
  });
}

/** Reads everything left on the socket: the bytes, and whether the server ended the connection within `ms`. */
function drain(socket: Socket, ms: number): Promise<{ bytes: number; closed: boolean }> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes, closed });
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (d: Buffer) => (bytes += d.length));
    socket.on('close', () => done(true));
    socket.on('error', () => done(true));
    socket.resume();
  });
}

describe('answers a connection cannot take yet', () => {
  it('closes a connection that pipelines 50 large answers without reading, instead of buffering 100 MiB', async () => {
    const socket = await silentSocket(encodeRequest({ method: 'GET', path: '/big' }).repeat(50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { bytes, closed } = await drain(socket, 5000);
    expect(closed).toBe(true);
    // One answer in flight plus what the kernel buffers on both sides.
    expect(bytes).toBeLessThan(16 * MiB);
  });

  it('closes a connection that pipelines thousands of small answers without reading', async () => {
    const socket = await silentSocket(encodeRequest({ method: 'GET', path: '/small' }).repeat(60_000));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { bytes, closed } = await drain(socket, 5000);
    expect(closed).toBe(true);
    expect(bytes).toBeLessThan(60_000 * 100);
  });

  it('sends a large answer in full to a client that reads it slowly, and keeps the connection', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // Reads in bursts, like a slow link.
      socket.pause();
      setTimeout(() => socket.resume(), 2);
    });
    const received = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (parseResponses(Buffer.concat(chunks)).length >= count ? resolve() : setTimeout(check, 20));
        check();
      });
    socket.write(encodeRequest({ method: 'GET', path: '/big' }));
    await received(1);
    socket.write(encodeRequest({ method: 'GET', path: '/small' }));
    await received(2);
    socket.destroy();
    const [big, small] = parseResponses(Buffer.concat(chunks));
    expect(big!.status).toBe(200);
    expect(big!.body.length).toBe(BIG.length);
    expect(small!.status).toBe(200);
  }, 20_000);

  it('answers every request of a pipelining client that reads', async () => {
    const requests = Array.from({ length: 200 }, () => ({ method: 'GET', path: '/small' }));
    const { responses, closed } = await pipeline(server.port, requests);
    expect(closed).toBe(false);
    expect(responses.map((r) => r.status)).toEqual(requests.map(() => 200));
  });
});
