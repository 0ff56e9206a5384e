// Dispatcher settings from the environment; production defaults are the documented retry schedule.
import { z } from 'zod';
import type { DispatcherOptions } from './dispatcher.ts';
import { DEFAULT_RETRY_POLICY } from './retry-schedule.ts';

const EnvSchema = z.object({
  /** Set to "off" to run a server that only queues (e.g. a second instance). */
  WEBHOOK_DISPATCHER: z.enum(['on', 'off']).default('on'),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().positive().default(DEFAULT_RETRY_POLICY.baseDelayMs),
  WEBHOOK_RETRY_FACTOR: z.coerce.number().min(1).default(DEFAULT_RETRY_POLICY.factor),
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(DEFAULT_RETRY_POLICY.maxAttempts),
  WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000),
  /** Default: timeout + 30 s, so a row held by a crashed process is retried about 40 s after the crash. */
  WEBHOOK_LEASE_MS: z.coerce.number().int().positive().optional(),
  WEBHOOK_CONCURRENCY: z.coerce.number().int().positive().default(8),
});

/** Whether this process dispatches, and how. */
export interface WebhookSettings {
  enabled: boolean;
  dispatcher: DispatcherOptions;
}

/** Parses WEBHOOK_* variables (process.env by default). */
export function loadWebhookSettings(env: Record<string, string | undefined> = process.env): WebhookSettings {
  const e = EnvSchema.parse(env);
  return {
    enabled: e.WEBHOOK_DISPATCHER === 'on',
    dispatcher: {
      retry: { baseDelayMs: e.WEBHOOK_RETRY_BASE_MS, factor: e.WEBHOOK_RETRY_FACTOR, maxAttempts: e.WEBHOOK_MAX_ATTEMPTS, jitter: DEFAULT_RETRY_POLICY.jitter },
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      leaseMs: e.WEBHOOK_LEASE_MS ?? e.WEBHOOK_TIMEOUT_MS + 30_000,
      pollMs: e.WEBHOOK_POLL_MS,
      concurrency: e.WEBHOOK_CONCURRENCY,
    },
  };
}
