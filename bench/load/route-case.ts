// One checkout route as the per-route bench drives it: its request, how each next request differs, its budget.
import type autocannon from 'autocannon';

/** The budgets of server CPU per request on SQLite: a read answers from the store, a write changes it. */
export const BUDGET_US = { read: 100, write: 300 } as const;

/** What differs from one request to the next (a token, an id, a fresh email). */
export interface Variant {
  path?: string;
  body?: string;
  headers?: Record<string, string>;
}

export interface RouteCase {
  /** "POST /checkout-addresses create": method, path and action. */
  name: string;
  kind: keyof typeof BUDGET_US;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  /** The n-th request (n counts from 0 over the probe, the warm-up and the measured run). */
  next(n: number): Variant;
  /** Requests this route can be sent at most: each uses up one record of a pool (a code, an unpaid order). */
  pool?: number;
  /** Server environment for this route only: documented limits raised so the bench measures work, not 429s. */
  env?: Record<string, string>;
}

/** autocannon's request for a case: every request asks the case for its variant; `counter` carries n across runs. */
export function requestsOf(c: RouteCase, counter: { n: number }): autocannon.Request[] {
  return [
    {
      method: c.method,
      path: c.path,
      headers: c.headers,
      setupRequest: (req) => {
        const v = c.next(counter.n++);
        return {
          ...req,
          path: v.path ?? c.path,
          body: v.body,
          headers: v.headers ? { ...c.headers, ...v.headers } : c.headers,
        };
      },
    },
  ];
}

/** A file-name-safe slug of a case name, for profile directories. */
export function slugOf(c: RouteCase): string {
  return c.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Item n of a list, round-robin. */
export function rotate<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}
