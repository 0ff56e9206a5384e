// patches/postgres+3.4.9.patch, on the driver itself: a connection whose socket closes while a write waits for the next
// turn of the event loop connects again and serves (unpatched, its write timer stayed set and every later write,
// the next connection's start-up included, was kept back for ever: the connection timed out on each try).
import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testStore } from '../support/server.ts';

const databaseUrl = inject('databaseUrl');

describe.skipIf(!databaseUrl)('postgres.js with its patch', () => {
  let store: Awaited<ReturnType<typeof testStore>>;
  let sql: postgres.Sql;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    store = await testStore();
    const url = new URL(store.env.DATABASE_URL!);
    // `socket` (a socket of one's own) is in postgres.js's README, not in its types.
    const options = {
      max: 1,
      connect_timeout: 2,
      onnotice: () => undefined,
      socket: () => {
        const socket = net.connect(Number(url.port || 5432), url.hostname);
        sockets.push(socket);
        return socket;
      },
    };
    sql = postgres(url.toString(), options);
  });
  afterAll(async () => {
    await sql.end({ timeout: 1 });
    await store.drop();
  });

  it('connects again after its socket closed with a write pending', async () => {
    expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    const pending = await new Promise<Promise<unknown>>((resolve) =>
      // Written from an immediate, the query's bytes wait for the next loop turn; the socket closes before it.
      setImmediate(() => {
        const query = sql`SELECT 2 AS two`.execute().catch((err: unknown) => err);
        sockets.at(-1)!.destroy();
        resolve(query);
      }),
    );
    expect(await pending).toMatchObject({ code: 'CONNECTION_CLOSED' });
    expect(await sql`SELECT 3 AS three`).toEqual([{ three: 3 }]);
    expect(sockets).toHaveLength(2);
  });
});
