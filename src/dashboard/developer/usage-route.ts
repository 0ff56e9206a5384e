// GET /dashboard/api/usage: one key's requests per day of a month, its month total and its plan's monthly limit.
import { DomainError } from '../../kernel/errors.ts';
import type { Clock } from '../../kernel/clock.ts';
import { routesWith, type RouteDef } from '../../http/route.ts';
import type { ApiKeyRepository } from '../../platform/api-keys.ts';
import { limitsOf } from '../../platform/gate.ts';
import { monthKey } from '../../platform/plans.ts';
import type { UsageRepository } from '../../platform/usage-repository.ts';
import type { DeveloperAccount } from './accounts.ts';
import { UsageQuerySchema, UsageSchema } from './schemas.ts';

export function usageRoute(d: { keys: ApiKeyRepository; usage: UsageRepository; clock: Clock }): RouteDef {
  return routesWith<DeveloperAccount>()({
    method: 'get',
    path: '/dashboard/api/usage',
    auth: 'developer',
    tag: 'dashboard',
    hidden: true,
    query: UsageQuerySchema,
    response: UsageSchema,
    errors: { 404: 'No key with this id on the account' },
    summary: "A key's requests per day of a month (default: this month, UTC) against its monthly limit.",
    handle: async ({ auth, query }) => {
      const key = (await d.keys.listOwned(auth.id)).find((k) => k.id === query.key_id);
      if (!key) throw new DomainError('not_found', 'key_not_found', `No key ${query.key_id} on this account`);
      const today = d.clock().toISOString().slice(0, 10);
      const month = query.month ?? monthKey(d.clock());
      const days = daysOf(month, today);
      const stored = await d.usage.daily(key.id, `${month}-01`, `${month}-31`);
      const byDay = new Map(stored.map((r) => [r.day, r.requests]));
      return {
        key_id: key.id,
        month,
        days: days.map((day) => ({ day, requests: byDay.get(day) ?? 0 })),
        month_total: await d.usage.used(key.id, month),
        monthly_limit: limitsOf(key).monthly,
      };
    },
  });
}

/** 'YYYY-MM-DD' of every day of `month` up to `today` (the whole month when it is over, none when it is ahead). */
export function daysOf(month: string, today: string): string[] {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  const out: string[] = [];
  for (let d = 1; d <= last; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    if (day > today) break;
    out.push(day);
  }
  return out;
}
