// Paces the requests of one batch call: once one has failed for good, none of the others starts another attempt.
import { GeopinError, RequestAbortedError } from './errors.js';
import type { Pacing } from './transport.js';

interface Waiter {
  /** Epoch ms before which this request's attempt does not start (its own retry wait). */
  readyAt: number;
  go: () => void;
  fail: (error: Error) => void;
}

export class Pacer {
  private readonly waiting = new Set<Waiter>();
  /** Set once the call has failed: what a request waiting to try again throws instead (the call throws its own). */
  private stopped: GeopinError | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  /** No attempt starts from now on; requests waiting to try again throw at once. */
  stop(): void {
    this.stopped = new GeopinError('not sent: another request of the batch call failed');
    this.pump();
  }

  /** The pacing of one request of the call. */
  forRequest(): Pacing {
    let readyAt = 0;
    return {
      enter: (signal) => this.enter(readyAt, signal),
      leave: (_error, retryInMs) => {
        readyAt = retryInMs === null ? 0 : Date.now() + retryInMs;
      },
    };
  }

  private enter(readyAt: number, signal?: AbortSignal): Promise<void> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (signal?.aborted) return Promise.reject(new RequestAbortedError(signal.reason));
    if (readyAt <= Date.now()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const onAbort = () => waiter.fail(new RequestAbortedError(signal?.reason));
      const settle = () => {
        this.waiting.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        readyAt,
        go: () => {
          settle();
          resolve();
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.add(waiter);
      this.pump();
    });
  }

  /** Lets go every waiter whose time has come (or fails them all once stopped), and sets the timer for the next. */
  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    let next = Infinity;
    for (const waiter of [...this.waiting]) {
      if (this.stopped) waiter.fail(this.stopped);
      else if (waiter.readyAt <= now) waiter.go();
      else next = Math.min(next, waiter.readyAt);
    }
    if (next < Infinity) this.timer = setTimeout(() => this.pump(), next - now);
  }
}
