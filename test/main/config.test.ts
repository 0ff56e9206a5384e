// Configuration from the environment: a refusal names the variable, the value sent and what is accepted.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config.ts';

describe('loadConfig', () => {
  it('names the variable, its value and what it accepts', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(
      'PORT="abc" is not accepted: expected an integer from 0 to 65535',
    );
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'PORT="70000" is not accepted: expected an integer from 0 to 65535',
    );
    expect(() => loadConfig({ WORKERS: 'lots' })).toThrow(
      'WORKERS="lots" is not accepted: expected "auto" or an integer from 1 to 64',
    );
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL="loud" is not accepted: expected one of debug, info, warn, error, silent',
    );
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(
      'METRICS_PORT="x" is not accepted: expected "off" or an integer from 0 to 65535',
    );
    // A name or a port out of range would break every webhook lookup later, each logged only as an internal error.
    for (const servers of ['abc', '1.1.1.1:99999', '8.8.8.8,dns.google', '1.1.1.1,'])
      expect(() => loadConfig({ EGRESS_DNS_SERVERS: servers })).toThrow(
        `EGRESS_DNS_SERVERS="${servers}" is not accepted: expected comma-separated IP addresses of DNS servers`,
      );
    expect(loadConfig({ EGRESS_DNS_SERVERS: '8.8.8.8,1.1.1.1:53,[2606:4700::1]:53,::1' }).egress.dnsServers).toEqual([
      '8.8.8.8',
      '1.1.1.1:53',
      '[2606:4700::1]:53',
      '::1',
    ]);
  });

  it('never shows a secret or a password it refuses', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:SuperSecret@db.example/z' })).toThrow(
      'DATABASE_URL="mysql://u:***@db.example/z" is not accepted: expected a postgres:// URL',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(
      'METRICS_TOKEN=(hidden, 12 characters) is not accepted: expected at least 16 characters',
    );
    // Port 0 would start the emulator on a port the server, calling it, could not know.
    expect(() => loadConfig({ NODE_ENV: 'development', GATEWAY_EMULATOR_PORT: '0' })).toThrow(
      'GATEWAY_EMULATOR_PORT="0" is not accepted: expected an integer from 1 to 65535',
    );
    expect(() => loadConfig({ GATEWAY_BASE_URL: 'notaurl' })).toThrow(
      'GATEWAY_BASE_URL="notaurl" is not accepted: expected an absolute URL, e.g. https://api.razorpay.com',
    );
  });

  it('refuses a DATABASE_URL the PostgreSQL client cannot read, naming it, with its password masked', () => {
    const key = { CHECKOUT_ENCRYPTION_KEY: '11'.repeat(32) };
    expect(() => loadConfig({ ...key, DATABASE_URL: 'postgres://x@[bad' })).toThrow(
      'DATABASE_URL="postgres://x@[bad" is not accepted: expected a postgres:// URL, e.g. postgres://user:',
    );
    const unencoded = () => loadConfig({ ...key, DATABASE_URL: 'postgres://u:50%off/@db.example/z' });
    expect(unencoded).toThrow('DATABASE_URL="postgres://u:***@db.example/z" is not accepted');
    expect(unencoded).not.toThrow(/50%off/);
    const hosts = 'postgres://u:p@h1:5432,h2:5433/db?sslmode=require';
    expect(loadConfig({ ...key, DATABASE_URL: hosts }).store).toMatchObject({ kind: 'postgres', url: hosts });
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '-1', WORKERS: '0' })).toThrow(/PORT="-1".*; WORKERS="0"/);
  });

  it('keeps /metrics off the open API port in production and drains on SIGTERM there', () => {
    const production = loadConfig({});
    expect(production.metrics).toEqual({ token: null, listener: { host: '127.0.0.1', port: 9464 } });
    expect(production.server.drainMs).toBe(5000);
    const development = loadConfig({ NODE_ENV: 'development', METRICS_TOKEN: 't'.repeat(16) });
    expect(development.metrics).toEqual({ token: 't'.repeat(16), listener: null });
    expect(development.server.drainMs).toBe(0);
    expect(loadConfig({ WORKERS: '3', SHUTDOWN_DRAIN_MS: '250', METRICS_PORT: 'off' })).toMatchObject({
      server: { workers: 3, drainMs: 250 },
      metrics: { listener: null },
    });
  });
});
