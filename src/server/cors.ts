// CORS shared by both services: preflight answers, and reflecting the caller's Origin on browser-facing replies.
import type { Handler } from './http.ts';

export interface PreflightPolicy {
  status: 200 | 204;
  methods: string;
  headers: string;
}

/** Preflights carry no credentials, so they cannot name a merchant or key: allow the asking origin, check the real request. */
export function preflight(policy: PreflightPolicy): Handler {
  return (req) => ({
    status: policy.status,
    body: '',
    headers: {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': policy.methods,
      'access-control-allow-headers': policy.headers,
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  });
}

/** Headers that let the page at `origin` read a reply (Retry-After included); none for a request without Origin. */
export function reflectOrigin(origin: string | undefined): Record<string, string> | undefined {
  return origin ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'retry-after', vary: 'Origin' } : undefined;
}
