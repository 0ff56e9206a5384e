// CSRF tokens of the dashboards: derived from the session token, sent back by the page in x-csrf-token on unsafe methods.
import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../kernel/errors.ts';
import type { RequestHead } from '../../http/request.ts';

/** The header every POST, PATCH, PUT and DELETE of a signed-in page carries. */
export const CSRF_HEADER = 'x-csrf-token';

/**
 * Bound to the session (a new sign-in, a new token) and never stored: another site can neither read it (no CORS grant)
 * nor send the header without a preflight this server refuses, and SameSite=Strict keeps the cookie off its requests anyway.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHash('sha256').update(`csrf\n${sessionToken}`).digest('base64url');
}

/** Unsafe methods must present the session's token; safe ones change nothing. */
export function assertCsrf(head: RequestHead, sessionToken: string): void {
  if (head.method === 'get' || head.method === 'head') return;
  const sent = Buffer.from(head.headers[CSRF_HEADER] ?? '');
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) {
    throw new DomainError('forbidden', 'csrf_token_invalid', `Missing or wrong ${CSRF_HEADER} header; reload the page`);
  }
}

/**
 * Browsers label every request with Sec-Fetch-Site; requests from another site are refused before any work. Clients
 * that send no such header (curl, servers) are not browsers and so cannot be a victim's browser.
 */
export function assertSameOrigin(head: RequestHead): void {
  const site = head.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new DomainError('forbidden', 'cross_site_request', 'Dashboard requests must come from the dashboard itself');
  }
}
