// Splits a list into requests of at most N items, runs them (in order, or a few at a time), and joins the answers in order.
import { Pacer } from './pacing.js';
import type { Pacing } from './transport.js';

/** Told after each request of a split call. */
export interface Progress {
  /** Items answered so far. */
  done: number;
  total: number;
  /** Requests answered so far, and in all. */
  requests: number;
  totalRequests: number;
}

export interface SplitOptions {
  /** Called after each request completes. */
  onProgress?: (progress: Progress) => void;
  /**
   * Requests in flight at once; answers are still joined in input order. After a burst-limit refusal they wait for
   * its Retry-After together, then take turns until the rate holds (docs/clients.md, Batches). @default 1
   */
  concurrency?: number;
}

/** `items` in slices of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Makes the error a split call throws from a failed request: told the slice's offset and every answer. */
export type SplitFailure<R> = (error: unknown, offset: number, answered: ReadonlyArray<R | undefined>) => unknown;

/**
 * Runs `send` on each slice of `items` and returns the answers in slice order. `send` gets the slice, the index of its
 * first item in `items`, and the pacing to give its request. After the first failure no slice is sent and no request
 * tries again; once the requests in flight have settled, the failure is thrown, as `failure` makes it.
 */
export async function runSplit<T, R>(
  items: readonly T[],
  size: number,
  send: (slice: T[], offset: number, pacing: Pacing) => Promise<R>,
  options: SplitOptions = {},
  failure: SplitFailure<R> = (error) => error,
): Promise<R[]> {
  const slices = chunk(items, size);
  const answers = new Array<R>(slices.length);
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 1, slices.length));
  const pacer = new Pacer(concurrency);
  let failed = undefined as { error: unknown; offset: number } | undefined;
  let next = 0;
  let requests = 0;
  let done = 0;
  const worker = async () => {
    while (!failed && next < slices.length) {
      const i = next++;
      try {
        answers[i] = await send(slices[i]!, i * size, pacer.forRequest(i));
        requests += 1;
        done += slices[i]!.length;
        options.onProgress?.({ done, total: items.length, requests, totalRequests: slices.length });
      } catch (error) {
        // The first failure is the call's; a later one is a request it stopped, or one that failed on its own.
        if (!failed) {
          failed = { error, offset: i * size };
          pacer.stop();
        }
      }
    }
  };
  // Answers still on their way were counted by the server: they belong in the failure's partial answer.
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) throw failure(failed.error, failed.offset, answers);
  return answers;
}
