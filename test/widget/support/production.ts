// The production bundle as an operator runs it (`node dist/geopin.cjs serve`, NODE_ENV unset) on a test store, and the
// operator commands (`merchant create`, `merchant add-user`) against the same store.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../../scripts/package/server-process.ts';
import type { Database } from '../../../src/db/sql.ts';
import { openStore } from '../../../src/main/store.ts';
import { datasetDir } from '../../support/dataset.ts';
import { repoRoot } from '../../support/paths.ts';
import { testStore } from '../../support/server.ts';

export interface Production {
  server: ServerProcess;
  /** The same store, for reading what the server wrote (addresses, the webhook outbox). */
  sql: Database;
  /** Runs `node dist/geopin.cjs <args>` on the store; its stdout. */
  command(args: string[]): string;
  stop(): Promise<void>;
}

export async function startProduction(env: Record<string, string>): Promise<Production> {
  const dir = mkdtempSync(join(tmpdir(), 'geopin-widget-'));
  const store = await testStore();
  const storeEnv = store.env.DATABASE_URL ? store.env : { DB_PATH: join(dir, 'app.sqlite') };
  const base = { PATH: process.env.PATH ?? '', DATA_OUT_DIR: datasetDir, ...storeEnv };
  const server = await startServerProcess(process.execPath, ['dist/geopin.cjs', 'serve'], {
    cwd: repoRoot,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', WORKERS: '1', METRICS_PORT: 'off', ...env },
  });
  const sql = await openStore(
    store.env.DATABASE_URL
      ? { kind: 'postgres', url: store.env.DATABASE_URL, poolSize: 2 }
      : { kind: 'sqlite', path: storeEnv.DB_PATH! },
  );
  return {
    server,
    sql,
    command: (args) =>
      execFileSync(process.execPath, ['dist/geopin.cjs', ...args], { cwd: repoRoot, env: base, encoding: 'utf8' }),
    async stop() {
      await sql.close();
      await server.stop();
      await store.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
