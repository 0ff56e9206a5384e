// Payment actions for one session: create a gateway order (for the merchant-set cart value when there is one), verify a signed payment, record COD.
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { SessionCompletedData, WebhookPayload } from '../webhooks/events.ts';
import { GatewayError, type GatewayClient } from './gateway-client.ts';
import { gatewayConfig, isPaymentMode, type CheckoutPorts, type PayingSession } from './ports.ts';
import type { PaymentRepository, SessionPaymentRow } from './repository.ts';
import { verifyPaymentSignature } from './signature.ts';

export interface PaymentDeps {
  repo: PaymentRepository;
  ports: CheckoutPorts;
  gateway: GatewayClient;
  clock: Clock;
  /** Called after a session.completed row committed (wakes the webhook dispatcher). */
  queued(): void;
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
    if (!isPaymentMode(config)) throw new DomainError('conflict', 'payment_not_enabled', 'Online payment is not enabled for this merchant');
    this.assertPayable(payer);
    await this.assertUnpaid(payer);
    const { session } = payer;
    const merchantCart = session.cart_value_source === 'merchant' && session.cart_value_paise !== null && session.cart_value_paise > 0 ? session.cart_value_paise : null;
    if (merchantCart !== null && amountPaise !== undefined && amountPaise !== merchantCart) {
      throw new DomainError('conflict', 'amount_mismatch', `amount_paise ${amountPaise} differs from the cart value ${merchantCart} the merchant set for this session`);
    }
    const amount = merchantCart ?? amountPaise;
    if (amount === undefined) {
      throw new DomainError('invalid', 'amount_required', "amount_paise is required (the merchant has not set this session's cart value)");
    }
    const order = await d.gateway
      .createOrder({ keyId: config.keyId, keySecret: config.keySecret }, {
        amountPaise: amount, currency: 'INR', receipt: session.id.slice(0, 40), notes: { service_session_id: session.id },
      })
      .catch((err: unknown) => {
        throw err instanceof GatewayError ? new DomainError('upstream', err.code, err.message) : err;
      });
    await d.repo.insertOrder({
      gateway_order_id: order.id, merchant_id: session.merchant_id, session_id: session.id, amount_paise: order.amount, currency: order.currency,
      gateway_key_id: config.keyId, created_at: d.clock().toISOString(),
    });
    return { gateway_order_id: order.id, gateway_key_id: config.keyId, amount_paise: order.amount, currency: order.currency };
  }

  /** Checks the gateway's signature and records the payment once; a repeat of the same payment returns the same answer. */
  async verify(payer: PayingSession, input: { gateway_order_id: string; gateway_payment_id: string; gateway_signature: string }) {
    const { d } = this;
    const { session } = payer;
    const order = await d.repo.order(input.gateway_order_id);
    if (!order || order.session_id !== session.id) throw new DomainError('not_found', 'order_not_found', 'No such gateway order for this session');
    const config = gatewayConfig(payer, d.ports);
    if (!config.keySecret) throw new DomainError('conflict', 'payment_not_enabled', 'Online payment is not configured for this merchant');
    if (!verifyPaymentSignature(input.gateway_order_id, input.gateway_payment_id, input.gateway_signature, config.keySecret)) {
      throw new DomainError('invalid', 'invalid_signature', 'Payment signature does not match');
    }
    const result = { payment_method: 'gateway' as const, gateway_order_id: order.gateway_order_id, gateway_payment_id: input.gateway_payment_id };
    const now = d.clock().toISOString();
    const data: SessionCompletedData = { ...result, amount_paise: order.amount_paise };
    const existing = await d.repo.record(
      { session_id: session.id, merchant_id: session.merchant_id, ...result, amount_paise: order.amount_paise, created_at: now },
      isPaymentMode(config) ? completed(payer, data, now) : null,
    );
    if (existing && !(existing.gateway_order_id === order.gateway_order_id && existing.gateway_payment_id === input.gateway_payment_id)) {
      throw alreadyPaid(existing);
    }
    if (!existing) d.queued();
    return result;
  }

  /** Records cash on delivery when the merchant's COD rules allow it for this session. */
  async recordCod(payer: PayingSession) {
    const { d } = this;
    this.assertPayable(payer);
    // Paid online already: say so, whatever the COD rules would say about this session.
    const paid = await d.repo.sessionPayment(payer.session.id);
    if (paid && paid.payment_method !== 'cod') throw alreadyPaid(paid);
    const decision = await d.ports.codDecision(payer);
    if (!decision.allowed) throw new DomainError('conflict', 'cod_not_available', decision.message, { details: { reason: decision.reason } });
    const { session } = payer;
    const now = d.clock().toISOString();
    const amount = session.cart_value_paise === null ? {} : { amount_paise: session.cart_value_paise };
    const existing = await d.repo.record(
      { session_id: session.id, merchant_id: session.merchant_id, payment_method: 'cod', gateway_order_id: null, gateway_payment_id: null, amount_paise: session.cart_value_paise, created_at: now },
      isPaymentMode(gatewayConfig(payer, d.ports)) ? completed(payer, { payment_method: 'cod', ...amount }, now) : null,
    );
    if (existing && existing.payment_method !== 'cod') throw alreadyPaid(existing);
    if (!existing) d.queued();
    return { payment_method: 'cod' as const };
  }

  private assertPayable(payer: PayingSession): void {
    if (payer.session.status === 'abandoned') throw new DomainError('conflict', 'session_abandoned', 'This checkout session was abandoned');
  }

  private async assertUnpaid(payer: PayingSession): Promise<void> {
    const existing = await this.d.repo.sessionPayment(payer.session.id);
    if (existing) throw alreadyPaid(existing);
  }
}

function completed(payer: PayingSession, data: SessionCompletedData, at: string): WebhookPayload<SessionCompletedData> {
  const { session } = payer;
  return { event: 'session.completed', merchant_id: session.merchant_id, buyer_id: session.buyer_id, session_id: session.id, auth_channel: session.auth_channel, timestamp: at, data };
}

function alreadyPaid(existing: SessionPaymentRow): DomainError {
  return new DomainError('conflict', 'session_already_paid', `This session is already paid (${existing.payment_method})`, { details: { payment_method: existing.payment_method } });
}
