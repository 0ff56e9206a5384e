// Dispatcher settings: production defaults are the documented schedule; tests and operators override by environment.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY } from '../../src/webhooks/retry-schedule.ts';
import { loadWebhookSettings } from '../../src/webhooks/settings.ts';

describe('webhook settings', () => {
  it('defaults to the documented schedule, a 10 s timeout and a lease of timeout + 30 s', () => {
    const s = loadWebhookSettings({});
    expect(s.enabled).toBe(true);
    expect(s.dispatcher).toEqual({ retry: DEFAULT_RETRY_POLICY, timeoutMs: 10_000, leaseMs: 40_000, pollMs: 1000, concurrency: 8 });
  });

  it('reads overrides from the environment and can switch the dispatcher off', () => {
    const s = loadWebhookSettings({ WEBHOOK_RETRY_BASE_MS: '50', WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_DISPATCHER: 'off' });
    expect(s.enabled).toBe(false);
    expect(s.dispatcher).toMatchObject({ timeoutMs: 500, leaseMs: 30_500, retry: { baseDelayMs: 50, maxAttempts: 3, factor: 4 } });
  });

  it('rejects nonsense values at start-up', () => {
    expect(() => loadWebhookSettings({ WEBHOOK_TIMEOUT_MS: '-1' })).toThrow();
    expect(() => loadWebhookSettings({ WEBHOOK_DISPATCHER: 'maybe' })).toThrow();
  });
});
