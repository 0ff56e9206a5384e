// The payments feature: /checkout-payment over the gateway client, the reconciler of payments nobody verified, and
// (development) the local gateway emulator.
import type { Clock } from '../kernel/clock.ts';
import { every, type Repeating } from '../kernel/every.ts';
import type { Log } from '../kernel/log.ts';
import type { Sql } from '../db/sql.ts';
import type { RouteDef } from '../http/route.ts';
import { GatewayClient } from './gateway-client.ts';
import { startGatewayEmulator, type RunningEmulator } from './gateway-emulator.ts';
import type { CheckoutPorts, EventQueue } from './ports.ts';
import { PaymentReconciler } from './reconciler.ts';
import { PaymentRepository } from './repository.ts';
import { paymentRoutes } from './routes.ts';
import { PaymentService } from './service.ts';

export interface GatewaySettings {
  baseUrl: string;
  timeoutMs: number;
  /** Start the emulator on this port (development), or null for the real gateway at baseUrl. */
  emulatorPort: number | null;
  /** An order nobody verified is first asked of the gateway this long after it was made. */
  checkAfterMs: number;
  /** How often orders due to be asked are sought. */
  pollMs: number;
}

export interface Payments {
  routes: RouteDef[];
  /** Starts the emulator when configured, and the reconciler (one process per node runs it). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createPayments(deps: {
  sql: Sql;
  ports: CheckoutPorts;
  outbox: EventQueue;
  gateway: GatewaySettings;
  clock: Clock;
  queued: () => void;
  log: Log;
}): Payments {
  const repo = new PaymentRepository(deps.sql, deps.outbox, deps.ports);
  const gateway = new GatewayClient(deps.gateway);
  const firstCheckMs = deps.gateway.checkAfterMs;
  const { ports, clock, queued } = deps;
  const service = new PaymentService({ repo, ports, gateway, clock, queued, firstCheckMs });
  const reconciler = new PaymentReconciler({ repo, service, gateway, ports, clock, log: deps.log, firstCheckMs });
  let emulator: RunningEmulator | null = null;
  let checks: Repeating | null = null;
  return {
    routes: paymentRoutes(service),
    async start() {
      if (deps.gateway.emulatorPort !== null) {
        emulator = await startGatewayEmulator({ port: deps.gateway.emulatorPort });
        deps.log.info({ url: emulator.baseUrl }, 'development gateway emulator started');
      }
      checks = every(deps.gateway.pollMs, () =>
        reconciler.runOnce().then(
          () => undefined,
          (err: unknown) => deps.log.error({ err }, 'could not look for unverified gateway orders'),
        ),
      );
    },
    async stop() {
      checks?.stop();
      reconciler.halt();
      await checks?.running();
      await emulator?.close();
    },
  };
}
