// Payment actions for one session: create a gateway order, verify a signed payment, record COD; session.completed in Mode B.
import { HttpError } from '../server/http-error.ts';
import type { SessionCompletedData, WebhookPayload } from '../webhooks/events.ts';
import { enqueueWebhook } from '../webhooks/outbox.ts';
import { GatewayError, type GatewayClient } from './gateway-client.ts';
import { isPaymentMode, type CheckoutPorts, type PaymentSession } from './ports.ts';
import type { PaymentRepository, SessionPaymentRow } from './repository.ts';
import type { CreateOrder, VerifyPayment } from './schema.ts';
import { verifyPaymentSignature } from './signature.ts';

/** The verify answer, identical on every repeat. */
export interface GatewayPaymentResult {
  success: true;
  payment_method: 'gateway';
  gateway_order_id: string;
  gateway_payment_id: string;
}

/** The three /checkout-payment actions; HttpError for every refusal. */
export class PaymentService {
  constructor(
    private readonly repo: PaymentRepository,
    private readonly ports: CheckoutPorts,
    private readonly gateway: GatewayClient,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Creates an order at the gateway with the merchant's stored keys and remembers which session it belongs to. */
  async createOrder(session: PaymentSession, input: CreateOrder): Promise<{ success: true; gateway_order_id: string; gateway_key_id: string; amount_paise: number; currency: string }> {
    const config = this.ports.paymentConfig(session.merchantId);
    if (!isPaymentMode(config)) throw new HttpError(400, 'payment_not_enabled', 'Online payment is not enabled for this merchant');
    this.assertUnpaid(session);
    const keys = { keyId: config.keyId, keySecret: config.keySecret };
    const order = await this.gateway
      .createOrder(keys, { amountPaise: input.amount_paise, currency: input.currency, receipt: session.sessionId.slice(0, 40), notes: { session_id: session.sessionId } })
      .catch((err: unknown) => {
        throw toHttpError(err);
      });
    this.repo.insertOrder({
      gateway_order_id: order.id,
      merchant_id: session.merchantId,
      session_id: session.sessionId,
      amount_paise: order.amount,
      currency: order.currency,
      gateway_key_id: config.keyId,
      created_at: this.now().toISOString(),
    });
    return { success: true, gateway_order_id: order.id, gateway_key_id: config.keyId, amount_paise: order.amount, currency: order.currency };
  }

  /** Checks the gateway's signature and records the payment once; a repeat of the same payment returns the same answer. */
  verify(session: PaymentSession, input: VerifyPayment): GatewayPaymentResult {
    const order = this.repo.order(input.gateway_order_id);
    if (!order || order.session_id !== session.sessionId) throw new HttpError(404, 'order_not_found', 'No such gateway order for this session');
    const config = this.ports.paymentConfig(session.merchantId);
    if (!config?.keySecret) throw new HttpError(400, 'payment_not_enabled', 'Online payment is not configured for this merchant');
    if (!verifyPaymentSignature(input.gateway_order_id, input.gateway_payment_id, input.gateway_signature, config.keySecret)) {
      throw new HttpError(400, 'invalid_signature', 'Payment signature does not match');
    }
    const result: GatewayPaymentResult = { success: true, payment_method: 'gateway', gateway_order_id: order.gateway_order_id, gateway_payment_id: input.gateway_payment_id };
    const db = this.repo.db;
    db.transaction(() => {
      const existing = this.repo.sessionPayment(session.sessionId);
      if (existing) {
        if (existing.gateway_order_id === order.gateway_order_id && existing.gateway_payment_id === input.gateway_payment_id) return;
        throw alreadyPaid(existing);
      }
      const now = this.now();
      this.repo.insertPayment({ session_id: session.sessionId, merchant_id: session.merchantId, payment_method: 'gateway', gateway_order_id: order.gateway_order_id, gateway_payment_id: input.gateway_payment_id, amount_paise: order.amount_paise, created_at: now.toISOString() });
      if (isPaymentMode(config)) {
        this.completed(session, { payment_method: 'gateway', gateway_order_id: order.gateway_order_id, gateway_payment_id: input.gateway_payment_id, amount_paise: order.amount_paise }, now);
      }
    }).immediate();
    return result;
  }

  /** Records cash on delivery when the merchant's COD rules allow it for this session. */
  recordCod(session: PaymentSession): { success: true; payment_method: 'cod' } {
    const decision = this.ports.codDecision(session);
    if (!decision.allowed) throw new HttpError(400, 'cod_not_available', decision.message, {}, { reason: decision.reason });
    const config = this.ports.paymentConfig(session.merchantId);
    this.repo.db.transaction(() => {
      const existing = this.repo.sessionPayment(session.sessionId);
      if (existing) {
        if (existing.payment_method === 'cod') return;
        throw alreadyPaid(existing);
      }
      const now = this.now();
      this.repo.insertPayment({ session_id: session.sessionId, merchant_id: session.merchantId, payment_method: 'cod', gateway_order_id: null, gateway_payment_id: null, amount_paise: session.cartValuePaise, created_at: now.toISOString() });
      const amount = session.cartValuePaise === null ? {} : { amount_paise: session.cartValuePaise };
      if (isPaymentMode(config)) this.completed(session, { payment_method: 'cod', ...amount }, now);
    }).immediate();
    return { success: true, payment_method: 'cod' };
  }

  private assertUnpaid(session: PaymentSession): void {
    const existing = this.repo.sessionPayment(session.sessionId);
    if (existing) throw alreadyPaid(existing);
  }

  /** Queued in the caller's transaction, so the payment and its event commit together. */
  private completed(session: PaymentSession, data: SessionCompletedData, now: Date): void {
    const payload: WebhookPayload<SessionCompletedData> = {
      event: 'session.completed',
      merchant_id: session.merchantId,
      buyer_id: session.buyerId,
      session_id: session.sessionId,
      auth_channel: session.authChannel,
      timestamp: now.toISOString(),
      data,
    };
    enqueueWebhook(this.repo.db, payload, now);
  }
}

function alreadyPaid(existing: SessionPaymentRow): HttpError {
  return new HttpError(409, 'session_already_paid', `This session is already paid (${existing.payment_method})`, {}, { payment_method: existing.payment_method });
}

/** Any gateway failure (timeout, refusal, rejected keys) is a 502 carrying the gateway's stable code. */
function toHttpError(err: unknown): unknown {
  return err instanceof GatewayError ? new HttpError(502, err.code, err.message) : err;
}
