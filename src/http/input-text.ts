// Every string a request brings must be text: NUL and half a UTF-16 surrogate pair are refused in any field, body,
// query or path, with 400 invalid_request before any route reads them.
import { DomainError } from '../kernel/errors.ts';

export interface TextFault {
  path: Array<string | number>;
  message: string;
}

/** Half a surrogate pair: a high one not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NUL = 'must not contain control characters (NUL, \\u0000)';
const SURROGATE = 'must not contain half a UTF-16 surrogate pair (\\ud800 alone is no character: RFC 7493 I-JSON)';

/**
 * The first string of `value` (keys included) that is not text, and why. Stored, a lone surrogate comes back as U+FFFD
 * (three of them from SQLite), so an address or a webhook secret is no longer what was sent; PostgreSQL refuses NUL.
 */
export function notText(value: unknown, path: Array<string | number>): TextFault | null {
  if (typeof value === 'string') {
    const message = value.includes('\0') ? NUL : LONE_SURROGATE.test(value) ? SURROGATE : null;
    return message ? { path, message } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const fault = notText(value[i], [...path, i]);
      if (fault) return fault;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const fault = notText(key, [...path, key]) ?? notText(inner, [...path, key]);
    if (fault) return fault;
  }
  return null;
}

/** The refusal of a fault, shaped as a schema failure: the field's path and why. */
export function notTextError(fault: TextFault): DomainError {
  const path = fault.path.join('.');
  return new DomainError('invalid', 'invalid_request', `${path || 'body'}: ${fault.message}`, {
    details: { issues: [{ path, message: fault.message }] },
  });
}

/**
 * Throws for NUL (%00) in a query or path parameter. Half a surrogate pair cannot be percent-encoded: its UTF-8 bytes
 * are invalid and decode as U+FFFD.
 */
export function checkParameterText(query: Record<string, string>, names: readonly string[], params: string[]): void {
  const fault = notText(query, []) ?? notText(Object.fromEntries(names.map((name, i) => [name, params[i] ?? ''])), []);
  if (fault) throw notTextError(fault);
}
