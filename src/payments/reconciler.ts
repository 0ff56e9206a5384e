// Payments the gateway took whose verify never came (the buyer closed the tab, the network dropped): each unsettled
// order is asked of the gateway on a schedule, and a payment found is recorded as its verify would have recorded it.
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { Log } from '../kernel/log.ts';
import { nextCheck } from './check-schedule.ts';
import { GatewayError, holdsMoney, type GatewayClient, type GatewayPayment } from './gateway-client.ts';
import { gatewayConfig, type CheckoutPorts, type PayingSession } from './ports.ts';
import type { PaymentOrderRow, PaymentRepository } from './repository.ts';
import type { PaymentService } from './service.ts';

/** Orders read from the store at a time; a run goes on until none is due. */
const BATCH = 20;
/** A gateway out of reach is asked again until the order is this old, so a last check lost to an outage is retried. */
const RETRY_FOR_MS = 3 * 24 * 3600_000;

export interface ReconcilerDeps {
  repo: PaymentRepository;
  service: PaymentService;
  gateway: GatewayClient;
  ports: CheckoutPorts;
  clock: Clock;
  log: Log;
  /** The first check's delay after an order is created; later ones follow check-schedule.ts. */
  firstCheckMs: number;
}

export class PaymentReconciler {
  private halted = false;

  constructor(private readonly d: ReconcilerDeps) {}

  /** A run under way asks about no more orders (shutdown need not wait out a slow gateway 20 times). */
  halt(): void {
    this.halted = true;
  }

  /** Asks the gateway about the orders due now (each on one node only); resolves with how many it asked about. */
  async runOnce(): Promise<number> {
    const { d } = this;
    const now = d.clock();
    let asked = 0;
    // Batch after batch until none is due: each order asked about is rescheduled first, so none comes round again.
    for (let due = BATCH; due === BATCH && !this.halted;) {
      const orders = await d.repo.dueChecks(now.toISOString(), BATCH);
      due = orders.length;
      for (const order of orders) {
        if (this.halted) break;
        const next = nextCheck(order.created_at, now, d.firstCheckMs);
        if (!(await d.repo.rescheduleCheck(order, next))) continue;
        asked++;
        try {
          await this.check(order);
        } catch (err) {
          await this.failed(err, { ...order, check_after: next }, now);
        }
      }
    }
    return asked;
  }

  private async check(order: PaymentOrderRow): Promise<void> {
    const { d } = this;
    const ids = { gateway_order_id: order.gateway_order_id, session_id: order.session_id };
    const payer = await d.ports.payingSession(order.merchant_id, order.session_id);
    const config = payer && gatewayConfig(payer, d.ports);
    // The merchant's current key: a new key of the same gateway account sees the orders its old key made.
    if (!payer || !config?.keyId || !config.keySecret) {
      d.log.warn(ids, 'cannot ask the gateway about this order: the merchant has no gateway key now');
      return;
    }
    const keys = { keyId: config.keyId, keySecret: config.keySecret };
    const payments = await d.gateway.orderPayments(keys, order.gateway_order_id);
    for (const payment of payments.filter(holdsMoney)) await this.settle(payer, order, payment);
  }

  private async settle(payer: PayingSession, order: PaymentOrderRow, payment: GatewayPayment): Promise<void> {
    const fields = { gateway_order_id: order.gateway_order_id, gateway_payment_id: payment.id };
    try {
      await this.d.service.settle(payer, order, payment.id);
      this.d.log.info(fields, 'recorded a payment the gateway took whose verify never came');
    } catch (err) {
      if (!(err instanceof DomainError && err.details.refund_required)) throw err;
      this.d.log.warn(
        { ...fields, reason: err.code },
        'a payment whose verify never came completes nothing: refund due',
      );
    }
  }

  /** A gateway out of reach is asked again soon (for a few days); anything else waits for the next scheduled check. */
  private async failed(err: unknown, order: PaymentOrderRow, now: Date): Promise<void> {
    const { d } = this;
    const ids = { gateway_order_id: order.gateway_order_id, err };
    const transient =
      err instanceof GatewayError &&
      (err.code === 'gateway_timeout' || err.code === 'gateway_unreachable' || (err.httpStatus ?? 0) >= 500);
    const retryAt = now.getTime() + d.firstCheckMs;
    if (transient && retryAt < Date.parse(order.created_at) + RETRY_FOR_MS) {
      if (order.check_after === null || Date.parse(order.check_after) > retryAt)
        await d.repo.rescheduleCheck(order, new Date(retryAt).toISOString()).catch(() => false);
      d.log.warn(ids, 'could not ask the gateway about an unverified order; asking again later');
      return;
    }
    if (err instanceof GatewayError && err.code === 'gateway_rejected')
      d.log.warn(
        ids,
        "the gateway, asked with the merchant's current key, does not know this order (another account?)",
      );
    else d.log.error(ids, 'could not ask the gateway about an unverified order');
  }
}
