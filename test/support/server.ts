// Starts the real server on 127.0.0.1, port 0, with a real SQLite file in a temp dir.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/start.ts';

export interface TestServer extends RunningServer {
  baseUrl: string;
  dir: string;
  /** Stops the server and deletes its temp dir. */
  dispose(): Promise<void>;
}

/** `env` overrides configuration variables (e.g. NODE_ENV). */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'geopin-test-'));
  const config = loadConfig({ NODE_ENV: 'test', ...env, HOST: '127.0.0.1', PORT: '0', DB_PATH: join(dir, 'app.sqlite') });
  const server = await startServer(config);
  return {
    ...server,
    baseUrl: `http://127.0.0.1:${server.port}`,
    dir,
    async dispose() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
