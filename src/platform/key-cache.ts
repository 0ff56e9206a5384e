// Keys as the hot path sees them: a hash lookup in memory; misses go to the store once, revocations arrive by polling.
import type { Clock } from '../kernel/clock.ts';
import { every, type Repeating } from '../kernel/every.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import { loadOnce } from '../kernel/load-once.ts';
import { OutageLog } from '../kernel/outage-log.ts';
import { sha256 } from '../kernel/crypto.ts';
import type { ApiKeyRecord, ApiKeyRepository } from './api-keys.ts';

/** What the cache reads: the store's repository, or (in a worker thread) the main thread's over a message port. */
export type KeySource = Pick<ApiKeyRepository, 'findByHash' | 'revokedSince'>;

/** How often every node asks the store for revoked keys; revocation takes effect within this plus one query. */
export const REVOCATION_POLL_MS = 500;
/** An unknown key is remembered this long, so guessing keys cannot turn every request into a store query. */
const MISS_TTL_MS = 2000;
const MAX_MISSES = 10_000;
/** Presented secrets of valid keys remembered unhashed (only keys that exist get in, so this bounds nothing an attacker controls). */
const MAX_PRESENTED = 100_000;
/** Revocations are re-read with this overlap, so a revoking node's clock running behind ours loses nothing. */
const CLOCK_SKEW_MS = 5000;

export class KeyCache {
  private readonly byHash = new Map<string, ApiKeyRecord>();
  /** Secret as sent -> its key, so a known key costs one map lookup instead of a sha256 per request. */
  private readonly byPresented = new Map<string, ApiKeyRecord>();
  private readonly misses = new Map<string, number>();
  private readonly loading = new Map<string, Promise<ApiKeyRecord | null>>();
  private lastPoll: number;
  private polls: Repeating | null = null;

  constructor(
    private readonly repo: KeySource,
    private readonly clock: Clock,
    private readonly log: Log = silentLog,
  ) {
    this.lastPoll = clock().getTime();
  }

  /** The key for `hash` (revoked ones too, with revokedAt set): synchronously when cached, else after one store query. */
  find(hash: string): ApiKeyRecord | null | Promise<ApiKeyRecord | null> {
    const hit = this.byHash.get(hash);
    if (hit) return hit;
    const missedUntil = this.misses.get(hash);
    if (missedUntil !== undefined && missedUntil > this.clock().getTime()) return null;
    return loadOnce(
      this.loading,
      hash,
      () => this.repo.findByHash(hash),
      (record) => {
        if (record) this.byHash.set(hash, record);
        else this.rememberMiss(hash);
        return record;
      },
    );
  }

  /** The key for a secret as the client sent it: find() by its hash, remembered for the next request. */
  findPresented(presented: string): ApiKeyRecord | null | Promise<ApiKeyRecord | null> {
    // A map, not a comparison with the last secret seen: a presented secret is compared with a stored one only when
    // their hashes agree, never character by character with whichever caller came before.
    const hit = this.byPresented.get(presented);
    if (hit) return hit;
    const found = this.find(sha256(presented));
    const remember = (key: ApiKeyRecord | null) => {
      if (key) {
        if (this.byPresented.size >= MAX_PRESENTED) this.byPresented.clear();
        this.byPresented.set(presented, key);
      }
      return key;
    };
    return found instanceof Promise ? found.then(remember) : remember(found);
  }

  /**
   * Drops keys revoked or changed since the last poll (by any node): the next request reads them again, so a revoked
   * key is refused as revoked (with its date) and a changed one is used as it is now.
   */
  async pollRevocations(): Promise<void> {
    const started = this.clock().getTime();
    const since = new Date(this.lastPoll - CLOCK_SKEW_MS).toISOString();
    const dropped = new Set<ApiKeyRecord>();
    for (const hash of await this.repo.revokedSince(since)) {
      const key = this.byHash.get(hash);
      if (key) dropped.add(key);
      this.byHash.delete(hash);
    }
    if (dropped.size > 0)
      for (const [presented, key] of this.byPresented) if (dropped.has(key)) this.byPresented.delete(presented);
    this.lastPoll = started;
  }

  start(intervalMs = REVOCATION_POLL_MS): void {
    const outage = new OutageLog(this.log, 'revocation poll');
    this.polls ??= every(intervalMs, () => outage.track(this.pollRevocations()));
  }

  stop(): void {
    this.polls?.stop();
    this.polls = null;
  }

  private rememberMiss(hash: string): void {
    if (this.misses.size >= MAX_MISSES) this.misses.clear();
    this.misses.set(hash, this.clock().getTime() + MISS_TTL_MS);
  }
}
