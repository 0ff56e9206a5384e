// The retry schedule: the documented production delays, jitter bounds and the attempt limit.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nominalSchedule, retryDelayMs } from '../../src/webhooks/retry-schedule.ts';

describe('retry schedule', () => {
  it('makes 8 attempts with the documented delays, the last about 22 h 45 min after the first', () => {
    const minutes = nominalSchedule(DEFAULT_RETRY_POLICY).map((ms) => ms / 60_000);
    expect(minutes).toEqual([0.25, 1, 4, 16, 64, 256, 1024]);
    const totalHours = minutes.reduce((a, b) => a + b, 0) / 60;
    expect(totalHours).toBeGreaterThan(22);
    expect(totalHours).toBeLessThan(24);
  });

  it('keeps jittered delays within ±20 % of the nominal delay', () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(12_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(15_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0.999_999)).toBeCloseTo(18_000, -1);
    expect(retryDelayMs(2, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(60_000);
  });

  it('returns null once the last attempt has failed', () => {
    expect(retryDelayMs(7, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(1024 * 60_000);
    expect(retryDelayMs(8, DEFAULT_RETRY_POLICY)).toBeNull();
    expect(retryDelayMs(9, DEFAULT_RETRY_POLICY)).toBeNull();
  });
});
