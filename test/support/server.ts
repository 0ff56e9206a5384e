// Starts the real app (buildApp, as `npm start` does) on 127.0.0.1 port 0, with a real SQLite file in a temp dir.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppParts } from '../../src/main/app.ts';
import { loadConfig } from '../../src/main/config.ts';
import { systemClock, type Clock } from '../../src/kernel/clock.ts';
import type { Log } from '../../src/kernel/log.ts';
import postgres from 'postgres';
import { inject } from 'vitest';
import { datasetDir } from './dataset.ts';

export interface TestServer {
  app: App;
  parts: AppParts;
  port: number;
  baseUrl: string;
  dir: string;
  /** Stops the app and deletes its temp dir. */
  dispose(): Promise<void>;
}

/** `env` overrides configuration variables (e.g. NODE_ENV, SMTP_HOST, DATABASE_URL); `clock` the app's time; `log` its log. */
export async function startTestServer(
  env: Record<string, string> = {},
  clock: Clock = systemClock,
  log?: Log,
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'geopin-test-'));
  const store = await testStore();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    WORKERS: '1',
    DATA_OUT_DIR: datasetDir,
    ...store.env,
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
    DB_PATH: join(dir, 'app.sqlite'),
  });
  const app = await buildApp(config, clock, log);
  const { port } = await app.start();
  return {
    app,
    parts: app.parts,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    dir,
    async dispose() {
      await app.stop();
      await store.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A store for one test server: in the `postgres` project a fresh PostgreSQL database, dropped afterwards; else SQLite. */
export async function testStore(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const base = inject('databaseUrl');
  if (!base) return { env: {}, drop: async () => undefined };
  const name = `t_${randomBytes(8).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), CHECKOUT_ENCRYPTION_KEY: '11'.repeat(32) },
    async drop() {
      await admin.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Environment that points an operator command (key create, merchant create, …) at `server`'s store. */
export function commandEnv(server: TestServer): Record<string, string> {
  const { store, encryptionKey } = server.parts.config;
  if (store.kind === 'sqlite') return { DB_PATH: store.path };
  return { DATABASE_URL: store.url, CHECKOUT_ENCRYPTION_KEY: encryptionKey ?? '' };
}
