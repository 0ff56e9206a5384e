// Periodic work that never overlaps itself: while the store is slow, ticks are skipped instead of piling up runs (and
// a logged failure of each).

export interface Repeating {
  /** No more ticks; a run under way goes on. */
  stop(): void;
  /** The run under way, if any (resolves when it ends; it never rejects). */
  running(): Promise<void> | null;
}

/** Runs `work` every `intervalMs`, one run at a time; `work` handles its own failures. The timer holds no process. */
export function every(intervalMs: number, work: () => Promise<void>): Repeating {
  let run: Promise<void> | null = null;
  const timer = setInterval(() => {
    run ??= work().finally(() => (run = null));
  }, intervalMs).unref();
  return { stop: () => clearInterval(timer), running: () => run };
}
