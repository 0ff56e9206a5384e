// Start-up against a PostgreSQL address that takes connections and never answers (a firewall, a wrong port): it ends
// with a message in bounded time instead of waiting for ever.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/postgres.ts';

let server: Server;
let port: number;
beforeAll(async () => {
  // Accepts, then drops each connection a moment later: the client reconnects, again and again.
  server = createServer((socket) => void setTimeout(() => socket.destroy(), 200));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('openPostgres', () => {
  it('gives up when the database gives no first answer in time', async () => {
    const started = Date.now();
    await expect(openPostgres(`postgres://u:p@127.0.0.1:${port}/db`, { answerWithinMs: 1500 })).rejects.toThrow(
      'no answer within 1.5 s',
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
