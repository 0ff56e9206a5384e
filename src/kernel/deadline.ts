// Waiting with a deadline: a shutdown step that an unreachable store holds up is cut off, not waited for.

/** How a bounded wait ended: the work settled (well or not), or the deadline came first. */
export type Outcome<T> = { done: true; value: T } | { done: false; failed: unknown } | { done: false; late: true };

/** Waits for `work` until `deadline` (epoch ms); never rejects. */
export async function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<Outcome<T>> {
  const settled = work.then(
    (value): Outcome<T> => ({ done: true, value }),
    (failed: unknown): Outcome<T> => ({ done: false, failed }),
  );
  // No deadline (Infinity): setTimeout would take it for 1 ms.
  if (!Number.isFinite(deadline)) return settled;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome<T>>((resolve) => {
    timer = setTimeout(() => resolve({ done: false, late: true }), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
