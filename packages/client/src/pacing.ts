// Paces the requests of one batch call: after a rate-limit refusal they wait together and then take turns until the
// rate holds; once one has failed for good, none starts another attempt.
import { ApiError, GeopinError, RequestAbortedError } from './errors.js';
import type { Pacing } from './transport.js';

interface Waiter {
  /** The request's place in the call: when attempts take turns, the earliest request waiting goes first. */
  order: number;
  /** Epoch ms before which this request's attempt does not start (its own retry wait). */
  readyAt: number;
  /** Lets the attempt start; `turn` when it holds the call's one turn. */
  go: (turn: boolean) => void;
  fail: (error: Error) => void;
}

export class Pacer {
  private readonly waiting = new Set<Waiter>();
  /** Set once the call has failed: what a request waiting to try again throws instead (the call throws its own). */
  private stopped: GeopinError | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Epoch ms before which no attempt of the call starts: the end of the latest rate-limit refusal's wait. */
  private pausedUntil = 0;
  /** After a rate-limit refusal attempts take turns, one in flight at a time, until `concurrency` pass in a row. */
  private takingTurns = false;
  private turnTaken = false;
  private passesInARow = 0;

  /** `concurrency`: the requests the call has in flight at once. */
  constructor(private readonly concurrency: number) {}

  /** No attempt starts from now on; requests waiting to try again throw at once. */
  stop(): void {
    this.stopped = new GeopinError('not sent: another request of the batch call failed');
    this.pump();
  }

  /** The pacing of the call's request number `order` (0 for the first slice). */
  forRequest(order: number): Pacing {
    let readyAt = 0;
    let turn = false;
    return {
      enter: async (signal) => {
        turn = await this.enter(order, readyAt, signal);
      },
      leave: (error, retryInMs) => {
        if (turn) this.turnTaken = false;
        turn = false;
        readyAt = retryInMs === null ? 0 : Date.now() + retryInMs;
        this.learn(error, retryInMs);
        this.pump();
      },
    };
  }

  /** What an attempt's outcome says about the key's rate: a refusal pauses the call, passes in a row end the turns. */
  private learn(error: Error | null, retryInMs: number | null): void {
    if (error === null) {
      if (this.takingTurns && ++this.passesInARow >= this.concurrency) this.takingTurns = false;
      return;
    }
    // Every request refused takes a token from the key's bucket too (docs/location-api.md): others must not pile on.
    if (!(error instanceof ApiError && error.status === 429 && error.code === 'rate_limited')) return;
    this.passesInARow = 0;
    this.takingTurns = this.concurrency > 1;
    if (retryInMs !== null) this.pausedUntil = Math.max(this.pausedUntil, Date.now() + retryInMs);
  }

  /** Resolves when the attempt may start: true when it holds the turn, to give back in `leave`. */
  private enter(order: number, readyAt: number, signal?: AbortSignal): Promise<boolean> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (signal?.aborted) return Promise.reject(new RequestAbortedError(signal.reason));
    if (!this.takingTurns && Math.max(readyAt, this.pausedUntil) <= Date.now()) return Promise.resolve(false);
    return new Promise((resolve, reject) => {
      const onAbort = () => waiter.fail(new RequestAbortedError(signal?.reason));
      const settle = () => {
        this.waiting.delete(waiter);
        signal?.removeEventListener('abort', onAbort);
      };
      const waiter: Waiter = {
        order,
        readyAt,
        go: (turn) => {
          settle();
          resolve(turn);
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

  /** Lets go the waiters whose time has come (all, or the earliest when taking turns), and times the next. */
  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const now = Date.now();
    const ready: Waiter[] = [];
    let next = Infinity;
    for (const waiter of [...this.waiting]) {
      const at = Math.max(waiter.readyAt, this.pausedUntil);
      if (this.stopped) waiter.fail(this.stopped);
      else if (at <= now) ready.push(waiter);
      else next = Math.min(next, at);
    }
    if (!this.takingTurns) for (const waiter of ready) waiter.go(false);
    else if (!this.turnTaken && ready.length > 0) {
      this.turnTaken = true;
      ready.reduce((first, waiter) => (waiter.order < first.order ? waiter : first)).go(true);
    }
    if (next < Infinity) this.timer = setTimeout(() => this.pump(), next - now);
  }
}
