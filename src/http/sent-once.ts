// A credential header sent on more than one line reaches its authenticator as the lines joined (head-capture.ts): it
// names no one key, and is refused on every route alike with a message that says why.
import { DomainError } from '../kernel/errors.ts';

/** Throws 401 `code` when `value` is a header's several lines joined with ", " (no credential holds ", "). */
export function assertSentOnce(value: string, header: string, code: string): void {
  if (value.includes(', '))
    throw new DomainError('unauthorized', code, `Send the ${header} header once: this request sent it more than once`);
}
