// Per-key token buckets for the burst limit, in shared memory: every thread of a process draws on one bucket per key.
// Memory only, since a restart forgiving one second of burst is harmless.
/** Keys tracked at once; past it (never in practice) a key falls back to a bucket of this thread alone. */
const SLOTS = 1 << 14;

/**
 * Wall-clock milliseconds: one timeline for every thread (each thread's performance.now() starts at its own origin) and
 * cheaper to read. A clock stepped back gains a bucket nothing for the step, and refilling goes on from the new time.
 */
const sharedNow = Date.now;

export class RateLimiter {
  /** Per slot: [keyId, lock]; keyId 0 marks a free slot (key ids start at 1). */
  private readonly claims: Int32Array;
  /** Per slot: [tokens, updatedMs]; a zeroed slot reads as a full bucket (its last refill is long ago). */
  private readonly buckets: Float64Array;
  private readonly overflow = new Map<number, { tokens: number; updatedMs: number }>();
  /** The key `take` saw last and its slot (0 is no key: key ids start at 1). */
  private lastKey = 0;
  private lastSlot = -1;

  /** `memory` comes from RateLimiter.allocate(), shared with worker threads; a fresh one serves this thread alone. */
  constructor(
    readonly memory: SharedArrayBuffer = RateLimiter.allocate(),
    private readonly clock: () => number = sharedNow,
  ) {
    this.claims = new Int32Array(memory, 0, SLOTS * 2);
    this.buckets = new Float64Array(memory, SLOTS * 8, SLOTS * 2);
  }

  static allocate(): SharedArrayBuffer {
    return new SharedArrayBuffer(SLOTS * 8 + SLOTS * 16);
  }

  /**
   * Takes `count` tokens from `keyId`'s bucket (refilling `ratePerSecond`, capped at `burst`) when it holds at least
   * `need` of them; false otherwise. `need` below `count` lets a batch bigger than the bucket through once the bucket is
   * full, leaving it in debt, so the key's long-run rate still holds. `now`: epoch ms read already.
   */
  take(
    keyId: number,
    ratePerSecond: number,
    burst: number,
    now: number = this.clock(),
    count = 1,
    need = count,
  ): boolean {
    const slot = this.slotOf(keyId);
    if (slot < 0) return this.takeLocal(keyId, ratePerSecond, burst, now, count, need);
    const lock = slot * 2 + 1;
    // The critical section is a few arithmetic operations, so spinning beats parking.
    while (Atomics.compareExchange(this.claims, lock, 0, 1) !== 0);
    try {
      const at = slot * 2;
      const tokens = refilled(this.buckets[at]!, this.buckets[at + 1]!, now, ratePerSecond, burst);
      this.buckets[at + 1] = now;
      const granted = tokens >= need;
      this.buckets[at] = granted ? tokens - count : tokens;
      return granted;
    } finally {
      Atomics.store(this.claims, lock, 0);
    }
  }

  /**
   * Whole seconds (at least 1) until `keyId`'s bucket holds `need` tokens: the Retry-After of a refusal, which a batch
   * that left the bucket in debt makes longer than a second.
   */
  secondsUntil(keyId: number, ratePerSecond: number, burst: number, now: number, need = 1): number {
    const slot = this.slotOf(keyId);
    const bucket = slot < 0 ? this.overflow.get(keyId) : undefined;
    const tokens =
      slot < 0
        ? refilled(bucket?.tokens ?? burst, bucket?.updatedMs ?? now, now, ratePerSecond, burst)
        : refilled(this.buckets[slot * 2]!, this.buckets[slot * 2 + 1]!, now, ratePerSecond, burst);
    return Math.max(1, Math.ceil((Math.min(need, burst) - tokens) / ratePerSecond));
  }

  /** The slot holding `keyId`, claimed on first sight (open addressing); -1 when the table is full. */
  private slotOf(keyId: number): number {
    // Slots are never given up: the last key's slot stays its slot.
    if (keyId === this.lastKey) return this.lastSlot;
    const slot = this.findSlot(keyId);
    if (slot >= 0) {
      this.lastKey = keyId;
      this.lastSlot = slot;
    }
    return slot;
  }

  private findSlot(keyId: number): number {
    let slot = Math.imul(keyId, 0x9e3779b1) >>> 18;
    for (let probe = 0; probe < SLOTS; probe++, slot = (slot + 1) & (SLOTS - 1)) {
      const holder = Atomics.load(this.claims, slot * 2);
      if (holder === keyId) return slot;
      if (holder === 0) {
        const previous = Atomics.compareExchange(this.claims, slot * 2, 0, keyId);
        if (previous === 0 || previous === keyId) return slot;
      }
    }
    return -1;
  }

  private takeLocal(
    keyId: number,
    ratePerSecond: number,
    burst: number,
    now: number,
    count: number,
    need: number,
  ): boolean {
    const bucket = this.overflow.get(keyId) ?? { tokens: burst, updatedMs: now };
    bucket.tokens = refilled(bucket.tokens, bucket.updatedMs, now, ratePerSecond, burst);
    bucket.updatedMs = now;
    this.overflow.set(keyId, bucket);
    if (bucket.tokens < need) return false;
    bucket.tokens -= count;
    return true;
  }
}

/** A bucket's tokens at `now`: what it held at `updatedMs` plus the refill since, never above the burst. */
function refilled(tokens: number, updatedMs: number, now: number, ratePerSecond: number, burst: number): number {
  return Math.min(burst, tokens + (Math.max(0, now - updatedMs) / 1000) * ratePerSecond);
}
