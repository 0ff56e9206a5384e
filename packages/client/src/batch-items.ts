// Inputs in the caller's terms: items and arguments checked before anything is sent, a failed batch named at the list.
import { apiError, ApiError, GeopinError, InvalidInputError } from './errors.js';

/**
 * Throws InvalidInputError for the first item the server would refuse whatever it holds, before any request is sent
 * (so no earlier request is counted): an item that is not an object, or a value that is a number JSON cannot carry.
 */
export function checkItems(items: readonly unknown[], key: string): void {
  if (!Array.isArray(items)) throw new InvalidInputError(key, `must be an array, got ${described(items)}`, null);
  items.forEach((item, i) => checkItem(item, `${key}.${i}`, i));
}

/** The same check of one call's input (`path` '' for the whole body). */
export function checkItem(item: unknown, path = '', index: number | null = null): void {
  if (item === null || typeof item !== 'object' || Array.isArray(item))
    throw new InvalidInputError(path, `must be an object, got ${described(item)}`, index);
  for (const [field, value] of Object.entries(item)) {
    // JSON.stringify writes NaN and Infinity as null: the server would read "not given" or a wrong type.
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new InvalidInputError(path ? `${path}.${field}` : field, `must be a finite number, got ${value}`, index);
  }
}

/**
 * Throws InvalidInputError unless `value` is a string (`path`: the argument's name): anything else would be sent as
 * text such as "[object Object]", a query the server answers, and counts, for nothing.
 */
export function checkText(value: unknown, path: string): asserts value is string {
  if (typeof value !== 'string') throw new InvalidInputError(path, `must be a string, got ${described(value)}`, null);
}

/**
 * The error of a batch request that failed, in the whole list's terms: a refusal's `issues` and message name the
 * item's position in the list (`locations.240`, not `locations.40` of the third request), and `partial` holds what
 * the call's other requests answered.
 */
export function inWholeList<P>(error: unknown, key: string, offset: number, partial: P): unknown {
  const moved = error instanceof ApiError && offset > 0 ? renumbered(error, key, offset) : error;
  if (moved instanceof GeopinError) moved.partial = partial as GeopinError['partial'];
  return moved;
}

function renumbered(error: ApiError, key: string, offset: number): ApiError {
  const at = new RegExp(`^${key}\\.(\\d+)`);
  const shift = (text: string) => text.replace(at, (_all, n: string) => `${key}.${Number(n) + offset}`);
  const issues = error.issues.map((issue) => ({ ...issue, path: shift(issue.path) }));
  const body = { ...error.body, message: shift(error.message), issues };
  return apiError(error.status, body, error.requestId, error.retryAfter);
}

function described(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value === 'undefined' ? '' : 'a '}${typeof value}`;
}
