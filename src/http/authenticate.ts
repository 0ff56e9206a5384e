// The authenticator of an endpoint: its route's kind, or alternatives where the first credential the request carries decides.
import { DomainError } from '../kernel/errors.ts';
import { refusal } from './errors.ts';
import { authKinds, type Authenticator, type AuthKind, type RouteAuth } from './route.ts';

export type Authenticators = Partial<Record<AuthKind, Authenticator>>;

const PUBLIC: Authenticator = () => ({ principal: null });

/**
 * The route's authenticator. For alternatives, a credential the request carries and that is refused is the answer (a
 * merchant key that is wrong is not excused by a dashboard cookie); only a kind whose credential is absent passes the
 * request on to the next.
 */
export function authenticatorFor(auth: RouteAuth, authenticators: Authenticators, where: string): Authenticator {
  const chosen = authKinds(auth).map((kind) => {
    const found = kind === 'public' ? PUBLIC : authenticators[kind];
    if (!found) throw new Error(`${where}: no authenticator for ${kind}`);
    return found;
  });
  if (chosen.length === 1) return chosen[0]!;
  return async (head, route) => {
    const absent: DomainError[] = [];
    for (const authenticate of chosen) {
      try {
        return await authenticate(head, route);
      } catch (err) {
        if (!isMissingCredential(err)) throw err;
        absent.push(err);
      }
    }
    // None sent: the primary credential's code (what API clients already handle), a message naming every way in.
    throw refusal('unauthorized', absent[0]!.code, absent.map((err) => err.message).join('; or '));
  };
}

/** Authenticators refuse a request that carries none of their credential with an unauthorized `missing_*` code. */
function isMissingCredential(err: unknown): err is DomainError {
  return err instanceof DomainError && err.kind === 'unauthorized' && err.code.startsWith('missing_');
}
