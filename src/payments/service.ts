// Payment actions for one session: create a gateway order, verify a signed payment, record COD; the amount that completes
// a session is the cart the merchant fixed at that moment, when it fixed one.
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { CartAtCompletion } from '../kernel/events.ts';
import { nextCheck } from './check-schedule.ts';
import { settleEarlierOrders } from './earlier-orders.ts';
import { completed, refundRequired } from './payment-events.ts';
import { alreadyPaid, codMismatch, sameCod } from './refusals.ts';
import type { GatewayClient, GatewayKeys } from './gateway-client.ts';
import { asUpstream, heldPayments } from './gateway-asked.ts';
import {
  gatewayConfig,
  isPaymentMode,
  type CheckoutPorts,
  type PayingSession,
  type SessionAtPayment,
} from './ports.ts';
import { pricedOffer, type PaymentOrderRow, type PaymentRepository } from './repository.ts';
import { verifyPaymentSignature } from './signature.ts';

export interface PaymentDeps {
  repo: PaymentRepository;
  ports: CheckoutPorts;
  gateway: GatewayClient;
  clock: Clock;
  /** Called after a session.completed or session.refund_required row committed (wakes the webhook dispatcher). */
  queued: () => void;
  /** How long after its creation an order nobody verified is first asked of the gateway. */
  firstCheckMs: number;
}

interface SignedPayment {
  gateway_order_id: string;
  gateway_payment_id: string;
  gateway_signature: string;
}

export class PaymentService {
  constructor(private readonly d: PaymentDeps) {}

  /**
   * Creates an order at the gateway for amount_paise, as the checkout document has it. When the merchant's server set
   * the session's cart value with its api key (set_session_cart), that value is charged and a differing amount_paise
   * is refused, so the buyer cannot choose what they pay; otherwise the merchant checks the amount in session.completed.
   */
  async createOrder(payer: PayingSession, amountPaise: number | undefined) {
    const { d } = this;
    const config = gatewayConfig(payer, d.ports);
    if (!isPaymentMode(config))
      throw new DomainError('conflict', 'payment_not_enabled', 'Online payment is not enabled for this merchant');
    const { session } = payer;
    const keys = { keyId: config.keyId, keySecret: config.keySecret };
    await this.settleEarlierOrders(payer);
    const paid = await d.repo.sessionPayment(session.id);
    if (paid) throw alreadyPaid(paid);
    d.ports.assertAllowed('create_order', session);
    const amount = d.ports.amountToCharge(session, amountPaise);
    if (amount === null)
      throw new DomainError(
        'invalid',
        'amount_required',
        "amount_paise is required (the merchant has not set this session's cart value)",
      );
    const order = await d.gateway
      .createOrder(keys, {
        amountPaise: amount,
        currency: 'INR',
        receipt: session.id.slice(0, 40),
        notes: { service_session_id: session.id },
      })
      .catch((err: unknown) => {
        throw asUpstream(err);
      });
    const now = d.clock();
    await d.repo.insertOrder(
      {
        gateway_order_id: order.id,
        merchant_id: session.merchant_id,
        session_id: session.id,
        amount_paise: order.amount,
        currency: order.currency,
        gateway_key_id: config.keyId,
        created_at: now.toISOString(),
        check_after: nextCheck(now.toISOString(), now, d.firstCheckMs),
      },
      (current) => d.ports.assertAllowed('create_order', current),
    );
    return {
      gateway_order_id: order.id,
      gateway_key_id: config.keyId,
      amount_paise: order.amount,
      currency: order.currency,
    };
  }

  /**
   * Checks the gateway's signature and records the payment once; a repeat of the same payment returns the same answer. A
   * payment whose amount differs from the cart the merchant has fixed by now completes nothing (409 amount_mismatch):
   * the gateway holds the buyer's money and the merchant refunds it.
   */
  async verify(payer: PayingSession, input: SignedPayment) {
    const { d } = this;
    const { session } = payer;
    const order = await d.repo.order(input.gateway_order_id);
    if (!order || order.session_id !== session.id)
      throw new DomainError('not_found', 'order_not_found', 'No such gateway order for this session');
    const config = gatewayConfig(payer, d.ports);
    if (!config.keyId || !config.keySecret)
      throw new DomainError('conflict', 'payment_not_enabled', 'Online payment is not configured for this merchant');
    const keys = { keyId: config.keyId, keySecret: config.keySecret };
    if (order.gateway_key_id !== keys.keyId) await this.confirmAtGateway(keys, order, input.gateway_payment_id);
    else if (
      !verifyPaymentSignature(input.gateway_order_id, input.gateway_payment_id, input.gateway_signature, keys.keySecret)
    )
      throw new DomainError('invalid', 'invalid_signature', 'Payment signature does not match');
    return this.settle(payer, order, input.gateway_payment_id);
  }

  /**
   * An order made with the merchant's previous gateway key was signed with a secret no longer held: the gateway is
   * asked with the current key (of the same account, it sees the old key's orders) whether the payment holds money.
   */
  private async confirmAtGateway(keys: GatewayKeys, order: PaymentOrderRow, paymentId: string): Promise<void> {
    const held = await heldPayments(this.d.gateway, keys, order.gateway_order_id);
    if (!held.some((p) => p.id === paymentId))
      throw new DomainError(
        'invalid',
        'payment_not_confirmed',
        `Gateway order ${order.gateway_order_id} was made with gateway key ${order.gateway_key_id}, since replaced by ` +
          `${keys.keyId}; asked with it, the gateway does not confirm payment ${paymentId}`,
      );
  }

  /**
   * Records a payment the gateway took for `order` (its signature checked by verify, or the gateway asked directly by
   * the reconciler: `foundByCheck`) once; the same payment again returns the same answer, one that completes nothing is kept for a
   * refund (409 refund_required).
   */
  async settle(payer: PayingSession, order: PaymentOrderRow, paymentId: string, foundByCheck = false) {
    const { d } = this;
    const { session } = payer;
    const config = gatewayConfig(payer, d.ports);
    const result = {
      payment_method: 'gateway' as const,
      gateway_order_id: order.gateway_order_id,
      gateway_payment_id: paymentId,
    };
    const now = d.clock().toISOString();
    try {
      const existing = await d.repo.record(
        {
          session_id: session.id,
          merchant_id: session.merchant_id,
          ...result,
          amount_paise: order.amount_paise,
          created_at: now,
          found_by_check: foundByCheck ? 1 : 0,
          // The buyer was shown the offer when the order was made, maybe long before the gateway was asked.
          priced_at: order.created_at,
          offer: pricedOffer(order),
        },
        (current, offer, refundedAt) => {
          if (refundedAt) throw refundedPayment(paymentId, refundedAt);
          this.assertPaysCart(current, order, paymentId);
          d.ports.assertAllowed('confirm_payment', current);
          return isPaymentMode(config)
            ? completed(payer, { ...result, amount_paise: order.amount_paise, ...cartOf(current), offer }, now)
            : null;
        },
      );
      const same = existing?.gateway_payment_id === paymentId;
      if (existing && !same) throw alreadyPaid(existing);
      if (!existing) d.queued();
      return result;
    } catch (err) {
      throw await this.refused(err, payer, order, paymentId, now);
    }
  }

  /**
   * A signed payment that completes nothing (409) was still taken by the gateway: it is kept on its order for the
   * merchant to refund, session.refund_required is queued with it (once, in either mode: money is owed back either
   * way), and the refusal says so.
   */
  private async refused(err: unknown, payer: PayingSession, order: PaymentOrderRow, paymentId: string, at: string) {
    if (!(err instanceof DomainError) || err.kind !== 'conflict' || err.code === 'payment_refunded') return err;
    const payment = { gateway_order_id: order.gateway_order_id, gateway_payment_id: paymentId };
    const message =
      err.code === 'amount_mismatch'
        ? err.message
        : `${err.message}: gateway payment ${payment.gateway_payment_id} completes nothing, and the merchant must ` +
          'refund it at the gateway';
    const owed = { ...payment, amount_paise: order.amount_paise, currency: order.currency, reason: err.code, message };
    if (await this.d.repo.markRefused(order, paymentId, err.code, refundRequired(payer, owed, at))) this.d.queued();
    return new DomainError(err.kind, err.code, message, {
      details: { ...err.details, ...payment, refund_required: true },
    });
  }

  /**
   * Records cash on delivery when the merchant's COD rules allow it for the amount due: the merchant's fixed cart, else
   * amount_paise, else the widget's cart value (the cap is checked against it).
   */
  async recordCod(payer: PayingSession, amountPaise?: number) {
    const { d } = this;
    const { session } = payer;
    await this.settleEarlierOrders(payer);
    // Paid already: the same answer for COD, a refusal for a payment taken online, whatever the COD rules say now.
    const paid = await d.repo.sessionPayment(session.id);
    if (paid?.payment_method === 'cod') return sameCod(paid, amountPaise);
    if (paid) throw alreadyPaid(paid);
    d.ports.assertAllowed('record_cod', session);
    const amount = d.ports.amountToCharge(session, amountPaise) ?? session.cart_value_paise;
    const decision = await d.ports.codDecision(payer, amount);
    if (!decision.allowed)
      throw new DomainError('conflict', 'cod_not_available', decision.message, {
        details: { reason: decision.reason },
      });
    const now = d.clock().toISOString();
    const existing = await d.repo.record(
      {
        session_id: session.id,
        merchant_id: session.merchant_id,
        payment_method: 'cod',
        gateway_order_id: null,
        gateway_payment_id: null,
        amount_paise: amount,
        created_at: now,
      },
      (current, offer) => {
        // The merchant may have fixed the cart since the rules were checked: what completes must be that cart.
        if (d.ports.amountToCharge(current, amount ?? undefined) !== amount) throw codMismatch(amount, current);
        d.ports.assertAllowed('record_cod', current);
        return isPaymentMode(gatewayConfig(payer, d.ports))
          ? completed(payer, { payment_method: 'cod', amount_paise: amount, ...cartOf(current), offer }, now)
          : null;
      },
    );
    if (existing && existing.payment_method !== 'cod') throw alreadyPaid(existing);
    if (existing) return sameCod(existing, amountPaise);
    d.queued();
    return { payment_method: 'cod' as const };
  }

  /**
   * A payment whose answer the buyer's tab lost (a reload, an app switch to UPI, a dropped network) completes the
   * session now, before a new order or cash on delivery would charge the buyer a second time.
   */
  private async settleEarlierOrders(payer: PayingSession): Promise<void> {
    const { d } = this;
    const config = gatewayConfig(payer, d.ports);
    if (!config.keyId || !config.keySecret) return;
    const keys = { keyId: config.keyId, keySecret: config.keySecret };
    await settleEarlierOrders(d.repo, d.gateway, keys, payer.session.id, (order, id) =>
      this.settle(payer, order, id, true),
    );
  }

  /** A gateway payment completes a session only for the cart the merchant has fixed (when it fixed one). */
  private assertPaysCart(current: SessionAtPayment, order: PaymentOrderRow, paymentId: string): void {
    try {
      this.d.ports.amountToCharge(current, order.amount_paise);
    } catch (err) {
      if (!(err instanceof DomainError) || err.code !== 'amount_mismatch') throw err;
      throw new DomainError(
        'conflict',
        'amount_mismatch',
        `The payment of ${order.amount_paise} paise (gateway payment ${paymentId}) differs from the cart value ` +
          `${current.cart_value_paise} paise the merchant set for this session; the session was not completed, and the merchant ` +
          'must refund this payment at the gateway',
        { details: err.details },
      );
    }
  }
}

function cartOf(s: SessionAtPayment): CartAtCompletion {
  return { cart_value_paise: s.cart_value_paise, cart_value_source: s.cart_value_source };
}

/** A payment the merchant refunded (and recorded so) after it was refused: the buyer has the money back. */
function refundedPayment(paymentId: string, refundedAt: string): DomainError {
  return new DomainError(
    'conflict',
    'payment_refunded',
    `Gateway payment ${paymentId} was refunded by the shop (recorded at ${refundedAt}), so it cannot pay for this ` +
      'order: pay again',
    { details: { gateway_payment_id: paymentId, refunded_at: refundedAt } },
  );
}
