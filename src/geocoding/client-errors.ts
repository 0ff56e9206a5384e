// Native DIGIPIN errors a caller caused (a bad code, a point off the grid) become 400s: every HTTP thread wraps its /v1 routes.
import { DomainError } from '../kernel/errors.ts';
import type { RouteDef } from '../http/route.ts';
import { GeoError } from '../native/addon.ts';

/** A DIGIPIN the caller sent that the native core rejects (bad code, point off the grid) is a 400 with the official text. */
export function withClientErrors(route: RouteDef): RouteDef {
  // Method syntax (RouteDef erases its types that way); bound so the wrapper calls it as the route would.
  const handle = route.handle.bind(route);
  return {
    ...route,
    handle(input) {
      try {
        const result = handle(input);
        return result instanceof Promise ? result.catch(translate) : result;
      } catch (err) {
        return translate(err);
      }
    },
  };
}

function translate(err: unknown): never {
  if (err instanceof GeoError) throw new DomainError('invalid', err.code.replace(/^E_/, '').toLowerCase(), err.message);
  throw err;
}
