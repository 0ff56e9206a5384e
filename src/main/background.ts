// The primary thread's background work, started after the port is owned and stopped before the store closes: the
// metrics listener, node heartbeats (which fail imports of dead nodes), webhook delivery and the gateway emulator.
import type { Checkout } from '../checkout/feature.ts';
import type { NodeRegistry } from '../db/node-registry.ts';
import type { Log } from '../kernel/log.ts';
import { Metrics } from '../ops/metrics.ts';
import { startMetricsListener, type MetricsListener } from '../ops/metrics-listener.ts';
import type { Payments } from '../payments/feature.ts';
import type { Webhooks } from '../webhooks/feature.ts';
import type { Config } from './config.ts';
import type { HttpThreads } from './http-threads.ts';

export interface BackgroundDeps {
  config: Config;
  log: Log;
  nodes: NodeRegistry;
  threads: HttpThreads;
  checkout: Checkout;
  webhooks: Webhooks;
  payments: Payments;
  metricsText: () => Promise<string>;
}

export interface Background {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Where the separate metrics listener answers, once started (null without one). */
  metricsUrl(): string | null;
}

export function createBackground(d: BackgroundDeps): Background {
  let metricsListener: MetricsListener | null = null;
  const listener = d.config.metrics.listener;
  return {
    async start() {
      if (listener)
        metricsListener = await startMetricsListener(
          listener.host,
          listener.port,
          d.metricsText,
          Metrics.contentType,
          d.log,
        );
      await d.nodes.start(async () => {
        d.threads.broadcast({ t: 'nodes', count: d.nodes.liveCount() });
        const failed = await d.checkout.failOrphanImports(d.nodes.staleBefore());
        if (failed > 0) d.log.warn({ failed }, 'marked interrupted import batches as failed');
      });
      d.webhooks.start();
      await d.payments.start();
    },
    async stop() {
      await metricsListener?.close();
      await d.webhooks.stop();
      await d.payments.stop();
      await d.nodes.stop();
    },
    metricsUrl: () => (metricsListener && listener ? `http://${listener.host}:${metricsListener.port}/metrics` : null),
  };
}
