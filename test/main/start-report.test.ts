// What a starting server tells its operator: store and database path, mode, mail transport, page URLs, the no-mail warning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/package/server-process.ts';
import { mailTransport, pageUrls } from '../../src/main/start-report.ts';
import { datasetDir } from '../support/dataset.ts';

const dir = mkdtempSync(join(tmpdir(), 'geopin-start-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The JSON log records the server wrote, parsed. */
function records(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the start report', () => {
  it('names the mail transport: SMTP with its host, the log in dev mode, none in production without SMTP', () => {
    const mail = { host: 'mail.example.in', port: 465, secure: true };
    expect(mailTransport({ mail: mail as never, devMode: false })).toBe('smtp://mail.example.in:465 (TLS)');
    expect(mailTransport({ mail: { host: null } as never, devMode: true })).toMatch(/^log \(dev mode/);
    expect(mailTransport({ mail: { host: null } as never, devMode: false })).toBe('none');
  });

  it('shows a wildcard host as localhost and brackets an IPv6 literal', () => {
    expect(pageUrls('0.0.0.0', 3000).merchant).toBe('http://localhost:3000/merchant');
    expect(pageUrls('::1', 8080).docs).toBe('http://[::1]:8080/docs');
    expect(pageUrls('127.0.0.1', 1).dashboard).toBe('http://127.0.0.1:1/dashboard');
  });

  it('logs the store, database path, mode, mail and URLs at start; warns of typos and of production without mail', async () => {
    const dbPath = join(dir, 'app.sqlite');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      // Typos an operator makes: a NODE_ENV that is not one of the three, a setting's name misspelt.
      NODE_ENV: 'prod',
      METRIC_PORT: '9999',
      CHECKOUT_OTP_TTL: '600',
      HOST: '127.0.0.1',
      PORT: '0',
      WORKERS: '1',
      LOG_LEVEL: 'info',
      DB_PATH: dbPath,
      DATA_OUT_DIR: datasetDir,
      WEBHOOK_DISPATCHER: 'off',
      // Not the default 9464: another test's server, or the developer's own, may hold it.
      METRICS_PORT: 'off',
    };
    server = await startServerProcess(process.execPath, ['--import', 'tsx', 'src/main/main.ts'], {
      cwd: process.cwd(),
      env,
    });
    const port = new URL(server.baseUrl).port;
    await expect.poll(() => records(server!.output()).some((r) => r.level === 40)).toBe(true);
    const log = records(server.output());
    const start = log.find((r) => typeof r.msg === 'string' && r.msg.includes('store at'));
    expect(start).toMatchObject({ store: 'sqlite', database: dbPath, mode: 'production', mail: 'none' });
    // From sources there is no bundle commit: the package version alone.
    expect(start!.release).toMatch(/^\d+\.\d+\.\d+$/);
    expect(start!.merchant).toBe(`http://127.0.0.1:${port}/merchant`);
    const pages = log.find((r) => typeof r.msg === 'string' && r.msg.startsWith('[server] pages:'));
    expect(pages!.msg).toBe(
      `[server] pages: http://127.0.0.1:${port}/docs · http://127.0.0.1:${port}/dashboard · ` +
        `http://127.0.0.1:${port}/merchant`,
    );
    const warnings = log.filter((r) => r.level === 40).map((r) => r.msg as string);
    expect(warnings.slice(0, 3)).toEqual([
      '[server] CHECKOUT_OTP_TTL is not a setting of this server and is ignored',
      '[server] METRIC_PORT is not a setting of this server and is ignored: did you mean METRICS_PORT?',
      '[server] NODE_ENV=prod is read as production (development and test are not)',
    ]);
    const warning = log.find((r) => r.level === 40 && String(r.msg).includes('SMTP_HOST'))!;
    expect(warning.msg).toContain('production without SMTP_HOST');
    expect(warning.msg).toContain('geopin merchant login-link --email');
    // A new store: every schema step ran now, and the log says which (an upgrade shows its new steps the same way).
    const schema = log.find((r) => typeof r.msg === 'string' && r.msg.startsWith('[server] schema steps applied:'));
    expect((schema!.migrated as string[])[0]).toBe('001-initial');
    expect(schema!.msg).toMatch(/^\[server\] schema steps applied: 001-initial, 002-/);
  });
});
