// Periodic work one run at a time: ticks during a slow run are skipped, not queued behind it.
import { describe, expect, it } from 'vitest';
import { every } from '../../src/kernel/every.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every', () => {
  it('starts no run while one is under way, runs again after it, and stops ticking', async () => {
    let started = 0;
    let release!: () => void;
    const repeating = every(10, () => {
      started++;
      return new Promise<void>((resolve) => (release = resolve));
    });
    await sleep(80);
    expect(started).toBe(1);
    const run = repeating.running();
    expect(run).not.toBeNull();
    release();
    await run;
    expect(repeating.running()).toBeNull();
    await sleep(40);
    expect(started).toBe(2);
    repeating.stop();
    release();
    await sleep(40);
    expect(started).toBe(2);
  });
});
