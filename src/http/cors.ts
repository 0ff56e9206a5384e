// CORS shared by both services: preflight answers for every path browsers call with credentials headers.
import type { Reply } from './pipeline.ts';
import type { RequestHead } from './request.ts';

/** Headers a widget may send: the two credentials and JSON. */
const ALLOWED_HEADERS = 'content-type, x-api-key, x-session-token';

/**
 * Preflights carry no credentials, so they cannot name a merchant or key: allow the asking origin for the path's methods;
 * the real request is still checked against the key's or merchant's origins.
 */
export function preflight(head: RequestHead, methods: string[]): Reply {
  return {
    status: 204,
    body: '',
    headers: {
      'access-control-allow-origin': head.headers.origin ?? '*',
      'access-control-allow-methods': methods.join(', '),
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin',
    },
  };
}
