// The authenticator of the dashboards' own kinds (developer, merchant_user): session cookie, then CSRF token on unsafe methods.
import { DomainError } from '../../kernel/errors.ts';
import type { Authenticator } from '../../http/route.ts';
import type { ConsoleSessionRepository, Realm } from './console-sessions.ts';
import { readCookie, type CookiePolicy } from './cookies.ts';
import { assertCsrf, assertSameOrigin } from './csrf.ts';

export interface ConsoleAuthOptions<P> {
  realm: Realm;
  cookie: CookiePolicy;
  sessions: ConsoleSessionRepository;
  /** Where people sign in, named in the refusal. */
  signInPage: string;
  /** The principal for a session's subject; null when the account was disabled or removed since sign-in. */
  load(subjectId: number): Promise<P | null>;
}

/** A signed-in person's data, and the secrets some answers carry (a new key), are kept by no cache. */
const SIGNED_IN_HEADERS = Object.freeze({ 'cache-control': 'no-store' });

/** A refusal without the cookie is `missing_…`, so `['merchant_key', 'merchant_user']` routes try the api key first. */
export function consoleAuth<P>(o: ConsoleAuthOptions<P>): Authenticator<P> {
  return async (head) => {
    const token = readCookie(head.headers.cookie, o.cookie.name);
    if (!token)
      throw new DomainError('unauthorized', 'missing_console_session', `Not signed in; sign in at ${o.signInPage}`);
    assertSameOrigin(head);
    const session = await o.sessions.find(o.realm, token);
    if (!session)
      throw new DomainError(
        'unauthorized',
        'invalid_console_session',
        `Session expired or signed out; sign in again at ${o.signInPage}`,
      );
    assertCsrf(head, token);
    const principal = await o.load(session.subject_id);
    if (!principal)
      throw new DomainError('unauthorized', 'invalid_console_session', 'This account may no longer sign in');
    return { principal, headers: SIGNED_IN_HEADERS };
  };
}
