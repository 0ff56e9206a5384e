// The payments feature: /checkout-payment over the gateway client, and (development) the local gateway emulator.
import type { Clock } from '../kernel/clock.ts';
import type { Log } from '../kernel/log.ts';
import type { Sql } from '../db/sql.ts';
import type { RouteDef } from '../http/route.ts';
import { GatewayClient } from './gateway-client.ts';
import { startGatewayEmulator, type RunningEmulator } from './gateway-emulator.ts';
import type { CheckoutPorts, EventQueue } from './ports.ts';
import { PaymentRepository } from './repository.ts';
import { paymentRoutes } from './routes.ts';
import { PaymentService } from './service.ts';

export interface GatewaySettings {
  baseUrl: string;
  timeoutMs: number;
  /** Start the emulator on this port (development), or null for the real gateway at baseUrl. */
  emulatorPort: number | null;
}

export interface Payments {
  routes: RouteDef[];
  /** Starts the emulator when configured. */
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
  const service = new PaymentService({
    repo: new PaymentRepository(deps.sql, deps.outbox),
    ports: deps.ports,
    gateway: new GatewayClient(deps.gateway),
    clock: deps.clock,
    queued: deps.queued,
  });
  let emulator: RunningEmulator | null = null;
  return {
    routes: paymentRoutes(service),
    async start() {
      if (deps.gateway.emulatorPort === null) return;
      emulator = await startGatewayEmulator({ port: deps.gateway.emulatorPort });
      deps.log.info({ url: emulator.baseUrl }, 'development gateway emulator started');
    },
    async stop() {
      await emulator?.close();
    },
  };
}
