// Burst buckets in shared memory: refill and cap, one bucket per key for every RateLimiter over the same memory.
import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/platform/rate-limiter.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const takeAll = (limiter: RateLimiter, keyId: number, rate: number, burst: number, tries: number) =>
  Array.from({ length: tries }, () => limiter.take(keyId, rate, burst)).filter(Boolean).length;

describe('RateLimiter', () => {
  it('lets a full bucket through, refills at the rate, and never above the burst', () => {
    const time = clock();
    const limiter = new RateLimiter(RateLimiter.allocate(), time.now);
    expect(takeAll(limiter, 7, 10, 20, 50)).toBe(20);
    time.advance(500);
    expect(takeAll(limiter, 7, 10, 20, 50)).toBe(5);
    time.advance(60_000);
    expect(takeAll(limiter, 7, 10, 20, 50)).toBe(20);
  });

  it('shares one bucket per key between limiters over the same memory (as worker threads do)', () => {
    const time = clock();
    const memory = RateLimiter.allocate();
    const a = new RateLimiter(memory, time.now);
    const b = new RateLimiter(memory, time.now);
    expect(takeAll(a, 42, 1, 10, 6) + takeAll(b, 42, 1, 10, 6)).toBe(10);
    // Another key has a bucket of its own.
    expect(takeAll(b, 43, 1, 10, 12)).toBe(10);
  });

  it('gains a bucket nothing from a wall clock stepped back, takes nothing from it, and refills from the new time on', () => {
    const time = clock();
    const limiter = new RateLimiter(RateLimiter.allocate(), time.now);
    expect(takeAll(limiter, 9, 10, 20, 15)).toBe(15);
    time.advance(-3_600_000);
    expect(takeAll(limiter, 9, 10, 20, 50)).toBe(5);
    time.advance(300);
    expect(takeAll(limiter, 9, 10, 20, 50)).toBe(3);
  });

  it('says how many seconds until a refused key passes: one for a spent burst, more for a batch left in debt', () => {
    const time = clock();
    const limiter = new RateLimiter(RateLimiter.allocate(), time.now);
    expect(takeAll(limiter, 11, 5, 10, 20)).toBe(10);
    expect(limiter.secondsUntil(11, 5, 10, time.now())).toBe(1);
    // A batch of 100 through a full bucket of 10 (it needs half of it) leaves 90 tokens of debt: one request more
    // needs 91 tokens, 18.2 s at 5 a second.
    time.advance(60_000);
    expect(limiter.take(11, 5, 10, time.now(), 100, 5)).toBe(true);
    expect(limiter.take(11, 5, 10, time.now())).toBe(false);
    expect(limiter.secondsUntil(11, 5, 10, time.now())).toBe(19);
    time.advance(18_000);
    expect(limiter.take(11, 5, 10, time.now())).toBe(false);
    time.advance(300);
    expect(limiter.take(11, 5, 10, time.now())).toBe(true);
  });

  it('keeps thousands of keys apart', () => {
    const time = clock();
    const limiter = new RateLimiter(RateLimiter.allocate(), time.now);
    for (let key = 1; key <= 5000; key++) expect(takeAll(limiter, key, 1, 2, 3)).toBe(2);
  });
});
