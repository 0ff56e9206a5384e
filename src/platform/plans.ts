// Plans, their monthly quotas and the per-key burst limit, plus the UTC calendar-month arithmetic quotas need.

export type PlanName = 'free' | 'paid' | 'enterprise';

export interface Plan {
  /** Requests per calendar month (UTC); null = unlimited. */
  monthlyRequests: number | null;
  /** Price per month in rupees, "starting at"; null = by agreement. */
  priceInrPerMonth: number | null;
  description: string;
}

/** The location document's plans: free 25,000, paid 100,000 from ₹1,999, enterprise unlimited. */
export const PLANS: Record<PlanName, Plan> = {
  free: { monthlyRequests: 25_000, priceInrPerMonth: 0, description: 'Free: 25,000 requests per month' },
  paid: {
    monthlyRequests: 100_000,
    priceInrPerMonth: 1_999,
    description: 'Paid: 100,000 requests per month, starting at ₹1,999 per month',
  },
  enterprise: {
    monthlyRequests: null,
    priceInrPerMonth: null,
    description: 'Enterprise: unlimited requests, priced by agreement',
  },
};

export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];

/** Token bucket per key: refills RATE_PER_SECOND tokens a second and holds at most BURST. */
export const BURST_LIMIT = { ratePerSecond: 50, burst: 100 } as const;

/** 'YYYY-MM' of `now` in UTC: the usage row a request counts against. */
export function monthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** First instant of the next calendar month, UTC. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds until the quota resets (at least 1), the Retry-After of a monthly 429. */
export function secondsUntilNextMonth(now: Date): number {
  return Math.max(1, Math.ceil((nextMonthStart(now).getTime() - now.getTime()) / 1000));
}

/** 'YYYY-MM' and 'YYYY-MM-DD' (UTC) of a time, formatted once per month or day rather than once per request. */
export class CalendarKeys {
  private month = { key: '', from: Infinity, until: -Infinity };
  private day = { key: '', from: Infinity, until: -Infinity };

  /** `at`: a Date or epoch milliseconds (a Date is made only when the month changes). */
  monthOf(at: Date | number): string {
    const ms = typeof at === 'number' ? at : at.getTime();
    if (ms < this.month.from || ms >= this.month.until) {
      const now = new Date(ms);
      this.month = {
        key: monthKey(now),
        from: Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
        until: nextMonthStart(now).getTime(),
      };
    }
    return this.month.key;
  }

  dayOf(at: Date | number): string {
    const ms = typeof at === 'number' ? at : at.getTime();
    if (ms < this.day.from || ms >= this.day.until) {
      const now = new Date(ms);
      const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      this.day = { key: now.toISOString().slice(0, 10), from, until: from + 86_400_000 };
    }
    return this.day.key;
  }
}
