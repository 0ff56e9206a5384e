// The dispatcher's configuration section: production defaults are the documented schedule; operators override by environment.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/main/config.ts';
import { DEFAULT_RETRY_POLICY } from '../../src/webhooks/retry-schedule.ts';

describe('webhook settings', () => {
  it('defaults to the documented schedule, a 10 s timeout, a lease of timeout + 30 s and a log of 30 days', () => {
    expect(loadConfig({}).webhooks).toEqual({
      retry: DEFAULT_RETRY_POLICY,
      timeoutMs: 10_000,
      leaseMs: 40_000,
      pollMs: 1000,
      concurrency: 8,
      egress: { devMode: false, allowedPorts: [443] },
    });
    expect(loadConfig({}).webhookLogRetentionDays).toBe(30);
  });

  it('keeps the delivery log for ever at WEBHOOK_LOG_RETENTION_DAYS=0 and refuses a negative number', () => {
    expect(loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '0' }).webhookLogRetentionDays).toBe(0);
    // A node that only queues knows it too: its listings say how long the log goes back.
    expect(loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '7', WEBHOOK_DISPATCHER: 'off' }).webhookLogRetentionDays).toBe(7);
    expect(() => loadConfig({ WEBHOOK_LOG_RETENTION_DAYS: '-1' })).toThrow(
      'WEBHOOK_LOG_RETENTION_DAYS="-1" is not accepted: expected an integer from 0 to 36500',
    );
  });

  it('calls only https on port 443 to public hosts in production; more ports by EGRESS_ALLOWED_PORTS; loopback only in dev mode', () => {
    expect(loadConfig({}).egress).toEqual({ devMode: false, allowedPorts: [443] });
    expect(loadConfig({ EGRESS_ALLOWED_PORTS: '443,8443' }).egress.allowedPorts).toEqual([443, 8443]);
    expect(loadConfig({ NODE_ENV: 'test' }).egress.devMode).toBe(true);
    expect(() => loadConfig({ EGRESS_ALLOWED_PORTS: 'https' })).toThrow(/EGRESS_ALLOWED_PORTS/);
  });

  it('resolves merchant hosts with the DNS servers EGRESS_DNS_SERVERS names, for webhooks and courier calls alike', () => {
    const config = loadConfig({ EGRESS_DNS_SERVERS: '127.0.0.1:5353,10.0.0.2' });
    expect(config.egress.dnsServers).toEqual(['127.0.0.1:5353', '10.0.0.2']);
    expect(config.webhooks?.egress.dnsServers).toEqual(['127.0.0.1:5353', '10.0.0.2']);
    expect(() => loadConfig({ EGRESS_DNS_SERVERS: '1.1.1.1;rm -rf' })).toThrow(/EGRESS_DNS_SERVERS/);
  });

  it('reads overrides from the environment and can switch the dispatcher off', () => {
    const tuned = loadConfig({
      WEBHOOK_RETRY_BASE_MS: '50',
      WEBHOOK_TIMEOUT_MS: '500',
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_CONCURRENCY: '2',
    }).webhooks;
    expect(tuned).toMatchObject({
      timeoutMs: 500,
      leaseMs: 30_500,
      concurrency: 2,
      retry: { baseDelayMs: 50, maxAttempts: 3, factor: 4 },
    });
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_LEASE_MS: '1500' }).webhooks?.leaseMs).toBe(1500);
    expect(loadConfig({ WEBHOOK_DISPATCHER: 'off' }).webhooks).toBeNull();
  });

  it('rejects nonsense values at start-up, naming the variable', () => {
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '-1' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(() => loadConfig({ WEBHOOK_DISPATCHER: 'maybe' })).toThrow(/WEBHOOK_DISPATCHER/);
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
  });
});
