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
/** Gateway failures that may pass: asked again later. */
const TRANSIENT = new Set(['gateway_timeout', 'gateway_unreachable', 'gateway_unavailable']);
/** A check that keeps failing for this long after the order was made is given up (an error is logged). */
const GIVE_UP_AFTER_MS = 30 * 24 * 3600_000;

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
    let asked = 0;
    // Batch after batch until none is due: each order asked about is rescheduled first, so none comes round again.
    for (let due = BATCH; due === BATCH && !this.halted;) {
      const now = d.clock();
      const orders = await d.repo.dueChecks(now.toISOString(), BATCH);
      due = orders.length;
      for (const order of orders) {
        if (this.halted) break;
        // Claimed with a retry time: a node that dies, or a store that fails, mid-check leaves the order due again.
        const claimed = { ...order, check_after: retryAt(order, now, d.firstCheckMs) };
        if (!(await d.repo.rescheduleCheck(order, claimed.check_after))) continue;
        asked++;
        try {
          await this.check(order);
          await d.repo.rescheduleCheck(claimed, nextCheck(order.created_at, now, d.firstCheckMs));
        } catch (err) {
          await this.failed(err, claimed, now);
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
      await this.d.service.settle(payer, order, payment.id, true);
      this.d.log.info(fields, 'recorded a payment the gateway took whose verify never came');
    } catch (err) {
      if (!(err instanceof DomainError && err.details.refund_required)) throw err;
      this.d.log.warn(
        { ...fields, reason: err.code },
        'a payment whose verify never came completes nothing: refund due',
      );
    }
  }

  /**
   * A gateway out of reach, throttling or failing (or the store failing) leaves the order due again at its claim's
   * retry time, for a month; a refusal waits for the next scheduled check.
   */
  private async failed(err: unknown, claimed: PaymentOrderRow, now: Date): Promise<void> {
    const { d } = this;
    // A gateway's answer is said by its code and words: its stack says nothing an operator can use.
    const cause =
      err instanceof GatewayError ? { code: err.code, status: err.httpStatus, reason: err.message } : { err };
    const ids = { gateway_order_id: claimed.gateway_order_id, ...cause };
    const refused = err instanceof DomainError || (err instanceof GatewayError && !TRANSIENT.has(err.code));
    if (!refused && now.getTime() - Date.parse(claimed.created_at) < GIVE_UP_AFTER_MS) {
      d.log.warn(ids, 'could not ask the gateway about an unverified order; asking again later');
      return;
    }
    await d.repo.rescheduleCheck(claimed, nextCheck(claimed.created_at, now, d.firstCheckMs)).catch(() => false);
    if (err instanceof GatewayError && err.code === 'gateway_rejected')
      d.log.warn(
        ids,
        "the gateway, asked with the merchant's current key, does not know this order (another account?)",
      );
    else d.log.error(ids, 'could not ask the gateway about an unverified order');
  }
}

/**
 * When a claimed order is asked about again if its check does not finish: after a tenth of its age, at least the
 * first delay (5 minutes for a new order, 3 days for one a month old from before the upgrade).
 */
function retryAt(order: PaymentOrderRow, now: Date, firstCheckMs: number): string {
  const age = now.getTime() - Date.parse(order.created_at);
  return new Date(now.getTime() + Math.max(firstCheckMs, age / 10)).toISOString();
}
