// The buyer's IP behind reverse proxies: X-Forwarded-For is believed only for as many hops as the operator says are theirs.
import type { RequestHead } from './request.ts';

/**
 * With `trustedHops` proxies in front (TRUST_PROXY_HOPS), the client is the address the outermost trusted proxy saw: the
 * `trustedHops`-th entry from the right of X-Forwarded-For. Entries further left are client-supplied and never trusted.
 */
export function clientIp(req: Pick<RequestHead, 'headers' | 'remoteIp'>, trustedHops: number): string {
  if (trustedHops <= 0) return req.remoteIp;
  const forwarded = (req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedHops] ?? forwarded[0] ?? req.remoteIp;
}
