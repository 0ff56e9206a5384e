// Funnel event logging with flood limits: per client address, per merchant, and per session (all shared by every node).
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { RateCounter, WindowLimit } from '../limits/rate-counter.ts';
import type { FunnelRepository } from './funnel-repository.ts';
import type { FunnelEvent } from './schema.ts';

/** The documented limits (README, Funnel events). */
export interface FunnelLimits {
  /** @default 120 events per client address per minute */
  perIpMinute: number;
  /** @default 3000 events per merchant per minute, from everyone together */
  perMerchantMinute: number;
  /** @default 200 events stored per checkout session, ever */
  perSession: number;
}

export const DEFAULT_FUNNEL_LIMITS: FunnelLimits = { perIpMinute: 120, perMerchantMinute: 3000, perSession: 200 };

export class FunnelService {
  private readonly ipRule: WindowLimit;
  private readonly merchantRule: WindowLimit;
  /** Counted atomically in the store like the others (a count-then-insert let concurrent requests pass the cap). */
  private readonly sessionRule: WindowLimit;

  constructor(
    private readonly funnel: FunnelRepository,
    private readonly counter: RateCounter,
    private readonly clock: Clock,
    private readonly limits: FunnelLimits = DEFAULT_FUNNEL_LIMITS,
  ) {
    this.ipRule = { scope: 'funnel_ip', limit: limits.perIpMinute, windowSeconds: 60 };
    this.merchantRule = { scope: 'funnel_merchant', limit: limits.perMerchantMinute, windowSeconds: 60 };
    // A day's window outlives any checkout session (one spanning midnight UTC could record the cap twice).
    this.sessionRule = { scope: 'funnel_session', limit: limits.perSession, windowSeconds: 86_400 };
  }

  async log(event: FunnelEvent, ip: string): Promise<void> {
    // Which limit was met: a backend relaying many shops' events meets the address's, not a shop's.
    for (const [rule, subject, whose] of [
      [this.ipRule, ip, 'from this address'],
      [this.merchantRule, event.merchant_id, 'for this merchant'],
    ] as const) {
      const hit = await this.counter.hit(rule, subject);
      if (!hit.allowed)
        throw new DomainError(
          'rate_limited',
          'rate_limited',
          `Too many funnel events ${whose} (${rule.limit} a minute); slow down`,
          { retryAfterSeconds: hit.retryAfterSeconds },
        );
    }
    const perSession = event.session_id
      ? await this.counter.hit(this.sessionRule, `${event.merchant_id}:${event.session_id}`)
      : null;
    if (perSession && !perSession.allowed) {
      throw new DomainError(
        'rate_limited',
        'session_event_limit',
        `A session records at most ${this.limits.perSession} funnel events`,
        {
          retryAfterSeconds: perSession.retryAfterSeconds,
        },
      );
    }
    await this.funnel.insert(event, this.clock().toISOString());
  }
}
