// An HTTP thread other than the primary: builds the whole app over its own store connection, listens on the shared
// port, reports its counts, and stops when the primary says so.
import { workerData } from 'node:worker_threads';
import { adoptSharedColumns } from '../geocoding/shared-columns.ts';
import { systemClock } from '../kernel/clock.ts';
import { createLogger } from '../ops/logger.ts';
import type { ThreadMetrics } from '../ops/metrics.ts';
import { buildApp } from './app.ts';
import { REPORT_MS, type ThreadRole, type ThreadSetup } from './http-threads.ts';
import { ThreadLink, type ToPrimary, type ToThread } from './thread-link.ts';

async function main(setup: ThreadSetup): Promise<void> {
  const link = new ThreadLink<ToPrimary, ToThread>(setup.linkPort);
  const waiting = new Map<number, (text: string) => void>();
  let asked = 0;
  const role: ThreadRole = {
    kind: 'thread',
    index: setup.index,
    nodeId: setup.nodeId,
    port: setup.port,
    limiterMemory: setup.limiterMemory,
    link,
    metrics: () =>
      new Promise((resolve) => {
        const id = ++asked;
        waiting.set(id, resolve);
        link.send({ t: 'metrics', id });
      }),
  };
  adoptSharedColumns(setup.placeColumns);
  const log = createLogger(setup.config.log.level).child({ thread: setup.index });
  const app = await buildApp(setup.config, systemClock, log, role);
  const metrics = app.parts.metrics as ThreadMetrics;
  const report = () => link.send({ t: 'report', report: metrics.report() });
  const reporting = setInterval(report, REPORT_MS).unref();
  link.on((message) => {
    if (message.t === 'metrics') {
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    } else if (message.t === 'stop') {
      clearInterval(reporting);
      app.stop({ timeoutMs: Math.max(0, message.deadline - Date.now()) }).then(
        ({ lostUsage, unfinished }) => {
          report();
          link.send({ t: 'stopped', lost: [...lostUsage], unfinished });
        },
        (err: unknown) => log.error({ err }, 'http thread stop failed'),
      );
    }
  });
  await app.start();
  link.send({ t: 'ready' });
}

main(workerData as ThreadSetup).catch((err: unknown) => {
  console.error(`http thread failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
