// When a failed webhook delivery is tried again: exponential backoff with ±20 % jitter, a fixed number of tries.
import { z } from 'zod';

/** Backoff parameters, validated when read from the environment. */
export const RetryPolicySchema = z.object({
  /** Delay after the first failed attempt. @default 15000 (15 s) */
  baseDelayMs: z.number().int().positive(),
  /** Each later delay is this many times the previous one. @default 4 */
  factor: z.number().min(1),
  /** Total attempts including the first; after the last failure the delivery is marked failed. @default 8 */
  maxAttempts: z.number().int().min(1),
  /** Relative jitter: each delay is scaled by a random factor in [1 - jitter, 1 + jitter]. @default 0.2 */
  jitter: z.number().min(0).max(1),
});
/** See RetryPolicySchema. */
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/**
 * Production schedule: 8 attempts; retries after about 15 s, 1 min, 4 min, 16 min, 64 min, 4 h 16 min and 17 h 4 min,
 * so the last attempt happens about 22 h 45 min after the first (each delay ±20 %).
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 15_000, factor: 4, maxAttempts: 8, jitter: 0.2 };

/**
 * Delay before the next try after attempt number `attempt` (1-based) failed, or null when no tries are left.
 * `random` returns a number in [0, 1); tests pass a fixed one.
 */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number | null {
  if (attempt >= policy.maxAttempts) return null;
  const nominal = policy.baseDelayMs * policy.factor ** (attempt - 1);
  const scale = 1 - policy.jitter + 2 * policy.jitter * random();
  return Math.round(nominal * scale);
}

/** Nominal (jitter-free) delays between consecutive attempts, for docs and tests. */
export function nominalSchedule(policy: RetryPolicy): number[] {
  const delays: number[] = [];
  for (let attempt = 1; attempt < policy.maxAttempts; attempt++)
    delays.push(policy.baseDelayMs * policy.factor ** (attempt - 1));
  return delays;
}
