// Per-key token buckets for the burst limit; memory only, since a restart forgiving one second of burst is harmless.

interface Bucket {
  tokens: number;
  updatedMs: number;
}

export class RateLimiter {
  private readonly buckets = new Map<number, Bucket>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Takes one token from `keyId`'s bucket (refilling `ratePerSecond`, capped at `burst`); false when empty. */
  take(keyId: number, ratePerSecond: number, burst: number): boolean {
    const now = this.clock();
    let bucket = this.buckets.get(keyId);
    if (!bucket) {
      bucket = { tokens: burst, updatedMs: now };
      this.buckets.set(keyId, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.updatedMs) / 1000) * ratePerSecond);
    bucket.updatedMs = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
