// A periodic task's failures logged as one outage: the first, then a reminder a minute, and a line when it works again
// (a store out of reach for an hour was two error records a second per thread, and its recovery said nothing).
import type { Log } from './log.ts';

/** Reminders of an outage still under way come this far apart. */
const REMIND_MS = 60_000;

export class OutageLog {
  private since: number | null = null;
  private failures = 0;
  private remindedAt = 0;

  /** `what` names the task: "usage flush" logs "usage flush failed", "… still failing", "… works again". */
  constructor(
    private readonly log: Log,
    private readonly what: string,
    private readonly level: 'warn' | 'error' = 'error',
    private readonly now: () => number = Date.now,
  ) {}

  /** Logs how one attempt of the task settles; never rejects. */
  track(attempt: Promise<unknown>, consequence = ''): Promise<void> {
    return attempt.then(
      () => this.succeeded(),
      (err: unknown) => this.failed(err, consequence),
    );
  }

  failed(err: unknown, consequence = ''): void {
    const now = this.now();
    this.failures++;
    if (this.since === null) {
      this.since = now;
      this.remindedAt = now;
      this.log[this.level]({ err }, `${this.what} failed${consequence}`);
    } else if (now - this.remindedAt >= REMIND_MS) {
      this.remindedAt = now;
      const fields = { err, failures: this.failures, since: new Date(this.since).toISOString() };
      this.log[this.level](fields, `${this.what} still failing${consequence}`);
    }
  }

  succeeded(): void {
    if (this.since === null) return;
    this.log.info({ failures: this.failures, outage_ms: this.now() - this.since }, `${this.what} works again`);
    this.since = null;
    this.failures = 0;
  }
}
