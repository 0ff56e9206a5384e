// Work the store could not take (it was out of reach), tried again in the background until it answers.

/** Runs `task` after `everyMs`, and again each time it fails, until it succeeds or `forMs` have passed. */
export function retryLater(task: () => Promise<unknown>, everyMs = 2000, forMs = 15 * 60_000): void {
  const giveUpAt = Date.now() + forMs;
  const attempt = () => {
    task().catch(() => {
      if (Date.now() < giveUpAt) setTimeout(attempt, everyMs).unref();
    });
  };
  setTimeout(attempt, everyMs).unref();
}
