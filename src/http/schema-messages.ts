// What a client reads when a field is missing or of the wrong JSON type: "longitude: required", "latitude: must be a
// number, got a string: send the number without quotes", not zod's "Invalid input: expected number, received string".
import { z } from 'zod';

/** Sets zod's messages for a value left out or of the wrong type (schemas with their own message keep it); idempotent. */
export function useSchemaMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.input === undefined) return 'required';
      if (issue.code === 'invalid_type') return typeMessage(issue.expected, issue.input);
      return undefined;
    },
  });
}

/** A value of the wrong JSON type: what was sent, and a number sent as a string (or too large to be one) said so. */
export function typeMessage(expected: string, got: unknown): string {
  // JSON has no NaN or Infinity: a non-finite number was a literal too large for a double (1e400).
  if (expected === 'number' && typeof got === 'number') return 'must be a finite number: this one is too large';
  const quoted = typeof got === 'string' && expected === 'number' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(got);
  return `must be a ${expected}, got ${described(got)}${quoted ? ': send the number without quotes' : ''}`;
}

export function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'nothing';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
