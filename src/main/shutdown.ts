// The end of a stop: every step bounded by one deadline, so a store out of reach cannot keep the process alive, and
// what could not be done is reported instead of waited for.
import { beforeDeadline } from '../kernel/deadline.ts';
import type { Log } from '../kernel/log.ts';
import type { ThreadStopped } from './http-threads.ts';

/** What a stop left undone. */
export interface StopReport {
  /** Requests whose usage count was not written to the store, per key id (every thread's that reported). */
  lostUsage: Map<number, number>;
  /** Steps that failed or were cut off at the deadline, with how ("failed: <code>" or "cut off"). */
  unfinished: Record<string, string>;
}

/** Runs the steps of one stop against `deadline` (epoch ms), collecting what they left undone. */
export class ShutdownSteps {
  readonly report: StopReport = { lostUsage: new Map(), unfinished: {} };

  constructor(readonly deadline: number) {}

  /** Waits for `work` until the deadline; a failure or a late step is noted, never thrown. */
  async run<T>(name: string, work: Promise<T> | undefined): Promise<T | undefined> {
    if (work === undefined) return undefined;
    const outcome = await beforeDeadline(work, this.deadline);
    if (outcome.done) return outcome.value;
    this.report.unfinished[name] = 'late' in outcome ? 'cut off' : `failed: ${codeOf(outcome.failed)}`;
    return undefined;
  }

  /** Adds requests not written (per key id) to the report. */
  lost(counts: Iterable<[number, number]>): void {
    const lost = this.report.lostUsage;
    for (const [keyId, n] of counts) lost.set(keyId, (lost.get(keyId) ?? 0) + n);
  }

  /** Adds the other threads' reports; a thread that said nothing in time is noted as such. */
  threads(reports: Map<number, ThreadStopped> | undefined): void {
    for (const [index, report] of reports ?? []) {
      if (report) this.lost(report.lost);
      for (const [name, how] of Object.entries(report?.unfinished ?? { '': 'no report' }))
        this.report.unfinished[`thread ${index}${name && ` ${name}`}`] = how;
    }
  }

  /** One error line when usage counts were lost: the operator learns how many requests went unbilled. */
  logLost(log: Log): void {
    const byKey = Object.fromEntries(this.report.lostUsage);
    const requests = Object.values(byKey).reduce((sum, n) => sum + n, 0);
    if (requests > 0)
      log.error(
        { requests, by_key: byKey },
        `[server] usage counts lost: ${requests} answered requests were not written to the store`,
      );
  }
}

/** Resolves once `count()` is 0, or after `timeoutMs`. */
export async function settled(count: () => number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (count() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}
