// Checkout credentials from request heads: the merchant api key (admin), the session token (buyer), and the origin guard.
import { extend } from '../kernel/extend.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Authenticator } from '../http/route.ts';
import type { RequestHead } from '../http/request.ts';
import { assertSentOnce } from '../http/sent-once.ts';
import { sha256 } from '../kernel/crypto.ts';
import type { SessionContext } from './address-service.ts';
import type { MerchantPrincipal } from './audit-log.ts';
import type { Merchant, MerchantRepository } from './merchant-repository.ts';
import type { SessionRepository } from './session-repository.ts';

/** x-api-key carrying a merchant key (server side only): the principal is the merchant, acting as that key. */
export function merchantKeyAuth(merchants: MerchantRepository): Authenticator<MerchantPrincipal> {
  return async (head) => {
    const key = head.headers['x-api-key'];
    if (!key) throw new DomainError('unauthorized', 'missing_api_key', 'x-api-key header is required');
    assertSentOnce(key, 'x-api-key', 'invalid_api_key');
    const found = await merchants.byApiKey(key);
    if (!found) throw new DomainError('unauthorized', 'invalid_api_key', 'API key is unknown');
    if (found.endedAt) {
      throw new DomainError(
        'unauthorized',
        'key_revoked',
        `The API key ${found.prefix}… was revoked or replaced; it stopped working at ${found.endedAt}`,
        { details: { revoked_at: found.endedAt } },
      );
    }
    return { principal: extend(found.merchant, { actor: `api key ${found.prefix}…` }) };
  };
}

/** x-session-token from a verified email OTP: the principal is the live session with its merchant, loaded once. */
export function sessionAuth(sessions: SessionRepository, clock: Clock): Authenticator<SessionContext> {
  return async (head) => {
    const token = head.headers['x-session-token'];
    if (!token) throw new DomainError('unauthorized', 'missing_session_token', 'x-session-token header is required');
    assertSentOnce(token, 'x-session-token', 'invalid_session');
    const found = await sessions.byTokenHash(sha256(token), clock().toISOString());
    if (!found) throw new DomainError('unauthorized', 'invalid_session', 'Session token is unknown or expired');
    assertOrigin(head, found.merchant);
    return { principal: found };
  };
}

/** The merchant a buyer request names in its body; 404 when there is none, 403 from a browser origin it does not allow. */
export async function buyerMerchant(merchants: MerchantRepository, id: string, head: RequestHead): Promise<Merchant> {
  const merchant = await merchants.byId(id);
  if (!merchant) throw new DomainError('not_found', 'merchant_not_found', `No merchant ${id}`);
  assertOrigin(head, merchant);
  return merchant;
}

/**
 * The origin check of the buyer endpoints: browsers always send Origin on cross-site POSTs, so an Origin outside the
 * merchant's list is refused. No Origin means a server-to-server call (the merchant's backend), which is allowed.
 */
export function assertOrigin(head: RequestHead, merchant: Pick<Merchant, 'allowed_origins'>): void {
  const origin = head.headers.origin;
  if (origin === undefined) return;
  if (!merchant.allowed_origins.includes(origin.toLowerCase())) {
    throw new DomainError('forbidden', 'origin_not_allowed', `Origin ${origin} is not allowed for this merchant`);
  }
}
