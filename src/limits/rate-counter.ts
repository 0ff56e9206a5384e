// Fixed-window counters in the store, shared by every node: count a hit and learn whether the window's limit is passed.
import type { Clock } from '../kernel/clock.ts';
import type { Sql } from '../db/sql.ts';

export interface WindowLimit {
  /** What is limited, e.g. 'funnel_ip'. */
  scope: string;
  limit: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  retryAfterSeconds: number;
}

export class RateCounter {
  private lastPrune = 0;

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
  ) {}

  /** Counts one hit of `subject` under `rule`; the hit is refused (and still counted) past the limit. */
  async hit(rule: WindowLimit, subject: string): Promise<HitResult> {
    const now = this.clock().getTime();
    const { start, retryAfterSeconds } = windowAt(rule, now);
    const row = await this.sql.get<{ count: number }>(
      `INSERT INTO rate_counters (scope, subject, window_start, count) VALUES (?, ?, ?, 1)
       ON CONFLICT (scope, subject, window_start) DO UPDATE SET count = rate_counters.count + 1 RETURNING count`,
      [rule.scope, subject, new Date(start).toISOString()],
    );
    await this.prune(now);
    const count = row?.count ?? 1;
    return { allowed: count <= rule.limit, count, retryAfterSeconds };
  }

  /** Hits of `subject` in the current window, without counting one; `allowed` says whether one more would be. */
  async count(rule: WindowLimit, subject: string): Promise<HitResult> {
    const { start, retryAfterSeconds } = windowAt(rule, this.clock().getTime());
    const row = await this.sql.get<{ count: number }>(
      'SELECT count FROM rate_counters WHERE scope = ? AND subject = ? AND window_start = ?',
      [rule.scope, subject, new Date(start).toISOString()],
    );
    const count = row?.count ?? 0;
    return { allowed: count < rule.limit, count, retryAfterSeconds };
  }

  /** Windows older than a day (the longest rule's) count for nothing; drop them about once a minute. */
  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    await this.sql.run('DELETE FROM rate_counters WHERE window_start < ?', [new Date(now - 86_400_000).toISOString()]);
  }
}

/** The start of the window `now` falls in, and the seconds until it ends (at least 1). */
function windowAt(rule: WindowLimit, now: number): { start: number; retryAfterSeconds: number } {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}
