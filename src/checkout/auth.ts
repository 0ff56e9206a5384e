// Request guards: merchant API key (admin), session token (buyer), and the merchant's browser-origin allow-list.
import { HttpError } from '../server/http-error.ts';
import type { RequestContext } from '../server/http.ts';
import type { Merchant, MerchantRepository } from './merchant-repository.ts';
import { sha256 } from './secrets.ts';
import type { CheckoutSession, SessionRepository } from './session-repository.ts';

/** The merchant behind x-api-key; 401 when missing or unknown. */
export function merchantFromApiKey(req: RequestContext, merchants: MerchantRepository): Merchant {
  const key = req.headers['x-api-key'];
  if (!key) throw new HttpError(401, 'missing_api_key', 'x-api-key header is required');
  const merchant = merchants.byApiKey(key);
  if (!merchant) throw new HttpError(401, 'invalid_api_key', 'API key is unknown or revoked');
  return merchant;
}

/** The live session behind x-session-token; 401 when missing, unknown or expired. */
export function sessionFromToken(req: RequestContext, sessions: SessionRepository): CheckoutSession {
  const token = req.headers['x-session-token'];
  if (!token) throw new HttpError(401, 'missing_session_token', 'x-session-token header is required');
  const session = sessions.byTokenHash(sha256(token), new Date().toISOString());
  if (!session) throw new HttpError(401, 'invalid_session', 'Session token is unknown or expired');
  return session;
}

/** The merchant named in a buyer request body; 404 when there is none. */
export function merchantById(id: string, merchants: MerchantRepository): Merchant {
  const merchant = merchants.byId(id);
  if (!merchant) throw new HttpError(404, 'merchant_not_found', `No merchant ${id}`);
  return merchant;
}

/**
 * Browsers always send Origin on cross-site POSTs, so a request with an Origin outside the merchant's list is refused.
 * No Origin header means a server-to-server call, which is allowed.
 */
export function assertOrigin(req: RequestContext, merchant: Pick<Merchant, 'allowed_origins'>): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (!merchant.allowed_origins.includes(origin.toLowerCase())) {
    throw new HttpError(403, 'origin_not_allowed', `Origin ${origin} is not allowed for this merchant`);
  }
}
