// Work the store could not take, tried again in the background: until it is done, or until the time allowed is spent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { retryLater } from '../../src/kernel/retry-later.ts';

afterEach(() => void vi.useRealTimers());

describe('retryLater', () => {
  it('tries again every interval until the task succeeds, then stops', async () => {
    vi.useFakeTimers();
    let calls = 0;
    retryLater(() => (++calls < 3 ? Promise.reject(new Error('down')) : Promise.resolve()), 1000, 60_000);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
  });

  it('gives up once the time allowed has passed', async () => {
    vi.useFakeTimers();
    let calls = 0;
    retryLater(() => (++calls, Promise.reject(new Error('down'))), 1000, 5000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBeGreaterThanOrEqual(5);
    expect(calls).toBeLessThanOrEqual(6);
  });
});
