// The door every keyed /v1 request passes: key, a public key's origin and routes, burst limit, monthly quota; answered
// requests count once.
import { extend } from '../kernel/extend.ts';
import { epochMs, type Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Authenticated, Authenticator, RouteDef } from '../http/route.ts';
import type { RequestHead } from '../http/request.ts';
import type { ApiKeyRecord } from './api-keys.ts';
import type { KeyCache } from './key-cache.ts';
import { BURST_LIMIT, CalendarKeys, PLANS, secondsUntilNextMonth } from './plans.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { UNSEEN_SECONDS, type UsageMeter } from './usage-meter.ts';
import { assertSentOnce } from '../http/sent-once.ts';

/** Who is calling a keyed route. */
export interface ApiKeyPrincipal {
  key: ApiKeyRecord;
  /** The usage month ('YYYY-MM', UTC) the request counts against. */
  month: string;
  /**
   * Charges a batch of `items` as that many requests: `items - 1` more burst tokens (admission took one) and as much
   * quota, counted at once (the answer counts the request's own one); 429 when the key has not that many left.
   */
  charge(items: number, head: RequestHead): void | Promise<void>;
}

/** The key's effective limits: plan values unless the key overrides them. */
export function limitsOf(key: ApiKeyRecord): { monthly: number | null; ratePerSecond: number; burst: number } {
  const monthly = key.monthlyLimitOverride ?? PLANS[key.plan].monthlyRequests;
  const ratePerSecond = key.rateLimitOverride ?? BURST_LIMIT.ratePerSecond;
  const burst = key.rateLimitOverride === null ? BURST_LIMIT.burst : key.rateLimitOverride * 2;
  return { monthly, ratePerSecond, burst };
}

/** The most requests one request is charged (a batch of 100): a burst bucket may let one through on credit. */
const LARGEST_CHARGE = 100;

/**
 * The count from which a key's requests are counted in the store as they are answered, not in memory: its quota less
 * what the deployment could answer for it, within its burst and rate (each node's bucket lending a batch), before
 * counts made in memory are seen by every thread and node. Nothing counted in memory is then unwritten when the
 * store's count reaches the quota, and the store gives out the last requests one at a time.
 */
function exactFrom(limits: ReturnType<typeof limitsOf>, nodes: number): number {
  if (limits.monthly === null) return Infinity;
  return limits.monthly - (limits.burst + limits.ratePerSecond * UNSEEN_SECONDS + LARGEST_CHARGE * nodes);
}

/** A key's terms this month on this node: its limits, and from which count they are counted in the store. */
interface KeyTerms {
  key: ApiKeyRecord;
  month: string;
  limits: ReturnType<typeof limitsOf>;
  /** The node count `exactFrom` was worked out for. */
  nodes: number;
  exactFrom: number;
}

/** A key's terms and, for a server key, the grant all its requests share. */
interface KeyStanding extends KeyTerms {
  /** Server keys' requests all carry the same grant; public keys' carry their caller's origin, so each gets its own. */
  granted: Authenticated<ApiKeyPrincipal>;
}

/**
 * The authenticator of every api_key route. A refused request costs no quota; it still spends a burst token. Each node
 * enforces `1/nodes` of a key's per-second rate and burst (`nodes` = servers beating in the store), so behind a balancer
 * that spreads requests the deployment as a whole admits the key's rate. An admitted request of a cached server key
 * allocates nothing: one lookup of its standing, the burst bucket, and the usage meter's counters.
 */
export function createGate(
  keys: KeyCache,
  meter: UsageMeter,
  limiter: RateLimiter,
  clock: Clock,
  nodes: () => number = () => 1,
): Authenticator<ApiKeyPrincipal> {
  const calendar = new CalendarKeys();
  /** By key id, metered routes and unmetered ones (the usage report) apart. */
  const standings = [new Map<number, KeyStanding>(), new Map<number, KeyStanding>()];
  const gate: Authenticator<ApiKeyPrincipal> = (head, route) => {
    const presented = head.headers['x-api-key'];
    if (!presented)
      throw new DomainError('unauthorized', 'missing_api_key', 'Send your API key in the x-api-key header');
    assertSentOnce(presented, 'x-api-key', 'invalid_api_key');
    const found = keys.findPresented(presented);
    if (!(found instanceof Promise)) return admit(found, head, route);
    // The request is released once this handler returns: a key not yet known may be public, so its headers are read now.
    head.readMore?.(BROWSER_HEADERS);
    return found.then((key) => admit(key, head, route));
  };
  return Object.assign(gate, { reads: ['x-api-key'] });

  function standingOf(key: ApiKeyRecord, month: string, metered: boolean, share: number): KeyStanding {
    const byKey = standings[metered ? 1 : 0]!;
    let standing = byKey.get(key.id);
    if (standing === undefined || standing.key !== key || standing.month !== month || standing.nodes !== share) {
      const limits = limitsOf(key);
      const terms: KeyTerms = { key, month, limits, nodes: share, exactFrom: exactFrom(limits, share) };
      const principal: ApiKeyPrincipal = { key, month, charge: (items, head) => charge(terms, items, head) };
      const answer = (head: RequestHead) => answered(terms, head);
      standing = { ...terms, granted: { principal, answered: metered ? answer : undefined } };
      byKey.set(key.id, standing);
    }
    return standing;
  }

  /** Counts an answered request: in memory, or near the quota's end in the store, refusing it if the last is gone. */
  function answered(terms: KeyTerms, head: RequestHead): void | Promise<void> {
    if (head.countedAhead === true) return;
    const { key, month, limits } = terms;
    const nowMs = epochMs(clock, head.receivedAt);
    const day = calendar.dayOf(nowMs);
    if (meter.record(key.id, month, day, 1, terms.exactFrom)) return;
    return meter.countWithin(key.id, month, day, 1, limits.monthly!).then((counted) => {
      if (!counted) throw quotaUsed(limits.monthly!, nowMs);
    });
  }

  function charge(terms: KeyTerms, items: number, head: RequestHead): void | Promise<void> {
    const { key, month, limits } = terms;
    const extra = items - 1;
    if (extra <= 0) return;
    const nowMs = epochMs(clock, head.receivedAt);
    const share = nodes();
    const burst = Math.max(1, limits.burst / share);
    // A batch passes once half the bucket is there and leaves the rest as debt, so the key's long-run rate holds and a
    // batch bigger than a node's share of the burst, or two at once, still pass in turn.
    const need = Math.min(extra, batchNeed(burst));
    if (!limiter.take(key.id, limits.ratePerSecond / share, burst, nowMs, extra, need)) {
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `A batch of ${items} counts as ${items} requests: more than this key's ${limits.ratePerSecond} per second (burst ${limits.burst}) allow now`,
        // The retry takes a token to be admitted before its batch needs `need` more.
        { retryAfterSeconds: limiter.secondsUntil(key.id, limits.ratePerSecond / share, burst, nowMs, need + 1) },
      );
    }
    const day = calendar.dayOf(nowMs);
    const monthly = limits.monthly;
    if (monthly === null) return void meter.record(key.id, month, day, extra);
    const check = (used: number): void | Promise<void> => {
      if (used + items > monthly) throw batchOverQuota(items, monthly, used, nowMs);
      if (meter.record(key.id, month, day, extra, terms.exactFrom)) return;
      // Near the quota's end the whole batch, its answer's own one included, is counted in the store before it runs.
      return meter.countWithin(key.id, month, day, items, monthly).then((counted) => {
        if (!counted) throw batchOverQuota(items, monthly, usedNow(key.id, month, monthly), nowMs);
        head.countedAhead = true;
      });
    };
    const used = meter.used(key.id, month);
    return used instanceof Promise ? used.then(check) : check(used);
  }

  /** The key's count as this node knows it now (after a refusal by the store, which raised it). */
  function usedNow(keyId: number, month: string, fallback: number): number {
    const used = meter.used(keyId, month);
    return used instanceof Promise ? fallback : used;
  }

  function admit(
    key: ApiKeyRecord | null,
    head: RequestHead,
    route: RouteDef,
  ): Authenticated<ApiKeyPrincipal> | Promise<Authenticated<ApiKeyPrincipal>> {
    if (!key) throw new DomainError('unauthorized', 'invalid_api_key', 'The API key is not valid');
    head.keyId = key.id;
    if (key.revokedAt) throw revokedKey(key.prefix, key.revokedAt);
    let headers: Record<string, string> | undefined;
    if (key.isPublic) {
      head.readMore?.(BROWSER_HEADERS);
      headers = corsHeaders(key, browserOrigin(head.headers));
      if (route.publicKeys !== true) throw serverKeyRoute(route, headers);
    }
    const metered = route.metered !== false;
    const nowMs = epochMs(clock, head.receivedAt);
    const share = nodes();
    const { month, limits, granted: shared } = standingOf(key, calendar.monthOf(nowMs), metered, share);
    const burst = Math.max(1, limits.burst / share);
    if (!limiter.take(key.id, limits.ratePerSecond / share, burst, nowMs)) {
      // After a batch the bucket may be in debt for many seconds: say when a request will pass, and for a batch when
      // it will (its own token, then half the burst: charge), or the retry is refused again a second later.
      const need = route.batch === true ? batchNeed(burst) + 1 : 1;
      const retryAfterSeconds = limiter.secondsUntil(key.id, limits.ratePerSecond / share, burst, nowMs, need);
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `More than ${limits.ratePerSecond} requests per second (burst ${limits.burst})`,
        { headers, retryAfterSeconds },
      );
    }
    const granted = headers ? extend(shared, { headers }) : shared;
    if (!metered || limits.monthly === null) return granted;
    const monthly = limits.monthly;
    const check = (used: number) => {
      if (used < monthly) return granted;
      throw quotaUsed(monthly, nowMs, headers);
    };
    const used = meter.used(key.id, month);
    return used instanceof Promise ? used.then(check) : check(used);
  }
}

/** The 429 of a key whose month's quota is used; a refused answer's grant headers are added by the route. */
function quotaUsed(monthly: number, nowMs: number, headers?: Record<string, string>): DomainError {
  return new DomainError(
    'rate_limited',
    'monthly_quota_exceeded',
    `Monthly quota of ${monthly} requests used; it resets at the start of the next month (UTC)`,
    { headers, retryAfterSeconds: secondsUntilNextMonth(new Date(nowMs)) },
  );
}

/** The 429 of a batch with more items than its key has requests left this month. */
function batchOverQuota(items: number, monthly: number, used: number, nowMs: number): DomainError {
  const left = Math.max(0, monthly - used);
  return new DomainError(
    'rate_limited',
    'monthly_quota_exceeded',
    `A batch of ${items} counts as ${items} requests; ${left} of this month's ${monthly} are left`,
    { retryAfterSeconds: secondsUntilNextMonth(new Date(nowMs)) },
  );
}

/**
 * A revoked key keeps the document's 401 with a code of its own, so its owner learns it was revoked (and when) rather
 * than mistyped; the key stays listed as revoked in the dashboard.
 */
export function revokedKey(prefix: string, revokedAt: string): DomainError {
  return new DomainError('unauthorized', 'key_revoked', `The API key ${prefix}… was revoked at ${revokedAt}`, {
    details: { revoked_at: revokedAt },
  });
}

/**
 * A public key sits in a page's source, and its Origin is only a browser's word: any script may send it. So it opens
 * the routes a checkout page needs, one answer per call, and not batches or the key's usage (label, plan, counts).
 */
function serverKeyRoute(route: RouteDef, headers: Record<string, string>): DomainError {
  return new DomainError(
    'forbidden',
    'public_key_not_allowed',
    `A public key (gp_pub_…) cannot call ${route.method.toUpperCase()} ${route.path}; call it from a server with a ` +
      'server key (gp_sk_…). Public keys call only the checkout widget routes: geocode, coordinates-to-geopin, ' +
      'autocomplete, decode, pincode validate and location boundaries',
    { headers },
  );
}

/** What the gate reads besides the key, and only for public keys: the calling page's origin (`browserOrigin`). */
const BROWSER_HEADERS = ['origin', 'referer', 'sec-fetch-site'] as const;

/** Public keys work only from their allowed origins (browser widgets). */
function corsHeaders(key: ApiKeyRecord, origin: string | undefined): Record<string, string> {
  const normalised = origin?.toLowerCase().replace(/\/$/, '');
  if (!normalised || !key.allowedOrigins.includes(normalised)) {
    throw new DomainError(
      'unauthorized',
      'origin_not_allowed',
      `This public key cannot be used from origin ${origin ?? '(none)'}`,
    );
  }
  return { 'access-control-allow-origin': normalised, 'access-control-expose-headers': 'retry-after', vary: 'Origin' };
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

/** Tokens a batch needs in the bucket beyond its own request's to pass: half the burst (or fewer, its size, charge). */
function batchNeed(burst: number): number {
  return Math.floor(burst / 2);
}
