// The door every keyed request passes: key, origin binding, monthly quota and burst limit; answered requests then count once.
import { HttpError } from '../server/http-error.ts';
import type { RequestContext } from '../server/http.ts';
import type { ApiKeyRecord, ApiKeyStore } from './api-keys.ts';
import { BURST_LIMIT, monthKey, PLANS, secondsUntilNextMonth } from './plans.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { UsageMeter } from './usage-meter.ts';

/** A request that got in: its key, and headers (CORS) the response must carry. */
export interface Admission {
  key: ApiKeyRecord;
  month: string;
  headers: Record<string, string>;
}

/** The key's effective limits: plan values unless the key overrides them. */
export function limitsOf(key: ApiKeyRecord): { monthly: number | null; ratePerSecond: number; burst: number } {
  const monthly = key.monthlyLimitOverride ?? PLANS[key.plan].monthlyRequests;
  const ratePerSecond = key.rateLimitOverride ?? BURST_LIMIT.ratePerSecond;
  const burst = key.rateLimitOverride === null ? BURST_LIMIT.burst : key.rateLimitOverride * 2;
  return { monthly, ratePerSecond, burst };
}

export class Gate {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly meter: UsageMeter,
    private readonly limiter: RateLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Admits the request (spending a burst token) or throws 401 / 429; only `count` charges the monthly quota. */
  admit(req: RequestContext): Admission {
    const presented = req.headers['x-api-key'];
    if (!presented) throw new HttpError(401, 'missing_api_key', 'Send your API key in the x-api-key header');
    const key = this.keys.find(presented);
    if (!key) throw new HttpError(401, 'invalid_api_key', 'The API key is not valid');
    const headers = this.corsHeaders(key, browserOrigin(req.headers));
    const now = this.now();
    const month = monthKey(now);
    const limits = limitsOf(key);
    if (limits.monthly !== null && this.meter.used(key.id, month) >= limits.monthly) {
      throw new HttpError(
        429, 'monthly_quota_exceeded', `Monthly quota of ${limits.monthly} requests used; it resets at the start of the next month (UTC)`,
        { ...headers, 'retry-after': String(secondsUntilNextMonth(now)) },
      );
    }
    if (!this.limiter.take(key.id, limits.ratePerSecond, limits.burst)) {
      throw new HttpError(
        429, 'rate_limited', `More than ${limits.ratePerSecond} requests per second (burst ${limits.burst})`,
        { ...headers, 'retry-after': '1' },
      );
    }
    return { key, month, headers };
  }

  /**
   * Counts an admitted request once it has been answered. A request refused with a 4xx got nothing, so it costs no quota;
   * it still spent a burst token in `admit`, so refusals cannot be used to flood the service.
   */
  count(admission: Admission): void {
    this.meter.record(admission.key.id, admission.month);
  }

  /** Public keys work only from their allowed origins (browser widgets); secret keys need no Origin. */
  private corsHeaders(key: ApiKeyRecord, origin: string | undefined): Record<string, string> {
    if (!key.isPublic) return {};
    const normalised = origin?.toLowerCase().replace(/\/$/, '');
    if (!normalised || !key.allowedOrigins.includes(normalised)) {
      throw new HttpError(401, 'origin_not_allowed', `This public key cannot be used from origin ${origin ?? '(none)'}`);
    }
    return { 'access-control-allow-origin': normalised, vary: 'Origin' };
  }
}

/**
 * The calling page's origin. Browsers omit Origin on same-origin GETs, so then the Referer's origin stands in, but only
 * when Sec-Fetch-Site says same-origin: a cross-origin fetch carrying x-api-key is a CORS request and always sends Origin.
 */
function browserOrigin(headers: Record<string, string>): string | undefined {
  if (headers.origin !== undefined) return headers.origin;
  if (headers['sec-fetch-site'] !== 'same-origin' || !headers.referer) return undefined;
  try {
    return new URL(headers.referer).origin;
  } catch {
    return undefined;
  }
}
