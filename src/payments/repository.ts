// Gateway orders created for sessions, the one completed payment per session and the payments refused, each recorded
// atomically with its event.
import { sameAs, type Sql } from '../db/sql.ts';
import type { PaidOffer, WebhookPayload } from '../kernel/events.ts';
import type { CheckoutPorts, EventQueue, SessionAtPayment } from './ports.ts';

export interface PaymentOrderRow {
  gateway_order_id: string;
  merchant_id: string;
  session_id: string;
  amount_paise: number;
  currency: string;
  gateway_key_id: string;
  created_at: string;
  /** When to ask the gateway whether it was paid without a verify (null: settled, or no more checks). */
  check_after: string | null;
  /** The offer its amount took off the cart when it was made (recorded by insertOrder; null: none). */
  offer_id?: string | null;
  offer_title?: string | null;
  /** 0 when no offer did; null on an order made before migration 031 recorded it. */
  discount_paise?: number | null;
}

export interface SessionPaymentRow {
  session_id: string;
  merchant_id: string;
  payment_method: 'gateway' | 'cod';
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  amount_paise: number | null;
  created_at: string;
  /** 1 when the reconciler found it at the gateway, its verify never having come. */
  found_by_check?: 0 | 1;
  /** When its amount was set (a gateway order's creation): the offer then is the one it took off the cart. */
  priced_at?: string;
  /** The offer recorded when its amount was set (pricedOffer); undefined: the one matching at priced_at. */
  offer?: PaidOffer | null;
}

/** The offer recorded with a gateway order when it was made; undefined for an order from before it was recorded. */
export function pricedOffer(order: PaymentOrderRow): PaidOffer | null | undefined {
  if (order.discount_paise === null || order.discount_paise === undefined) return undefined;
  if (!order.offer_id) return null;
  return { id: order.offer_id, title: order.offer_title ?? '', discount_paise: order.discount_paise };
}

/** The state a recorded payment leaves its session in. */
const COMPLETED: SessionAtPayment['status'] = 'completed';

export class PaymentRepository {
  constructor(
    private readonly sql: Sql,
    private readonly events: EventQueue,
    private readonly checkout: Pick<CheckoutPorts, 'keepDeliveryAddress' | 'offerPaid'>,
  ) {}

  /**
   * Records a gateway order made for the session, once `allowed` passes for the session as it is now, locked until the
   * commit (a buyer deleting the session's address meanwhile waits, or has sent it back to choose one: refused).
   */
  async insertOrder(o: PaymentOrderRow, allowed: (session: SessionAtPayment) => void): Promise<void> {
    await this.sql.transaction(async (tx) => {
      allowed(await lockedSession(tx, o.session_id, o.merchant_id));
      // The buyer was shown this offer now; it may be switched off or changed before the payment's answer comes.
      const offer = await this.checkout.offerPaid(tx, o.merchant_id, o.session_id, o.amount_paise, o.created_at);
      await this.addOrder(tx, o, offer);
    });
  }

  private async addOrder(tx: Sql, o: PaymentOrderRow, offer: PaidOffer | null): Promise<void> {
    await tx.run(
      `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id,
         created_at, check_after, offer_id, offer_title, discount_paise)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        o.gateway_order_id,
        o.merchant_id,
        o.session_id,
        o.amount_paise,
        o.currency,
        o.gateway_key_id,
        o.created_at,
        o.check_after,
        offer?.id ?? null,
        offer?.title ?? null,
        offer?.discount_paise ?? 0,
      ],
    );
  }

  /** The session's newest orders with no payment recorded or refused yet (still being checked). */
  unsettledOrders(sessionId: string, limit: number): Promise<PaymentOrderRow[]> {
    return this.sql.all<PaymentOrderRow>(
      `SELECT * FROM payment_orders WHERE session_id = ? AND check_after IS NOT NULL
       ORDER BY created_at DESC LIMIT ?`,
      [sessionId, limit],
    );
  }

  /** Orders due to be asked of the gateway at `now`, the longest waiting first. */
  dueChecks(now: string, limit: number): Promise<PaymentOrderRow[]> {
    return this.sql.all<PaymentOrderRow>(
      `SELECT * FROM payment_orders WHERE check_after IS NOT NULL AND check_after <= ?
       ORDER BY check_after, gateway_order_id LIMIT ?`,
      [now, limit],
    );
  }

  /**
   * Moves an order's next check from `was` to `next` (null: none); false when another node (or a verify) moved it
   * first, so each due check is made by one node only.
   */
  async rescheduleCheck(order: PaymentOrderRow, next: string | null): Promise<boolean> {
    // Null-safe: a last check that failed (none left, null) may still be moved to a retry.
    const moved = await this.sql.run(
      `UPDATE payment_orders SET check_after = ? WHERE gateway_order_id = ? AND check_after ${sameAs(this.sql)} ?`,
      [next, order.gateway_order_id, order.check_after],
    );
    return moved === 1;
  }

  /**
   * Keeps a payment of `order` that the gateway took and verify refused, for the merchant to refund, and queues `event`
   * (session.refund_required) with it in one transaction. A repeat of the same refusal changes nothing and queues
   * nothing: true only when the payment was kept now.
   */
  async markRefused(
    order: PaymentOrderRow,
    paymentId: string,
    reason: string,
    event: WebhookPayload<object>,
  ): Promise<boolean> {
    return this.sql.transaction(async (tx) => {
      const kept = await tx.run(
        `INSERT INTO refused_payments (gateway_payment_id, gateway_order_id, merchant_id, session_id, reason, created_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (gateway_payment_id) DO NOTHING`,
        [paymentId, order.gateway_order_id, order.merchant_id, order.session_id, reason, event.timestamp],
      );
      if (kept === 1) await this.events.enqueue(tx, event, new Date(event.timestamp));
      await this.endChecks(tx, order.gateway_order_id);
      return kept === 1;
    });
  }

  /** An order paid (recorded or refused) needs no more asking of the gateway. */
  private async endChecks(sql: Sql, gatewayOrderId: string): Promise<void> {
    await sql.run(
      'UPDATE payment_orders SET check_after = NULL WHERE gateway_order_id = ? AND check_after IS NOT NULL',
      [gatewayOrderId],
    );
  }

  order(gatewayOrderId: string): Promise<PaymentOrderRow | undefined> {
    return this.sql.get<PaymentOrderRow>('SELECT * FROM payment_orders WHERE gateway_order_id = ?', [gatewayOrderId]);
  }

  sessionPayment(sessionId: string): Promise<SessionPaymentRow | undefined> {
    return this.sql.get<SessionPaymentRow>('SELECT * FROM session_payments WHERE session_id = ?', [sessionId]);
  }

  /**
   * Records the session's payment, with the offer its amount took off the cart, completes the session, keeps its
   * delivery address and queues the event `decide` returns (null in Mode A), in one transaction. `decide` sees the
   * session as it is now, locked until the commit (a merchant changing the cart waits), and throws to write nothing;
   * `refundedAt` is when the merchant recorded refunding this payment, refused before (null: it never did).
   * When the session already has a payment nothing is written and that payment is returned.
   */
  async record(
    row: SessionPaymentRow,
    decide: (
      session: SessionAtPayment,
      offer: PaidOffer | null,
      refundedAt: string | null,
    ) => WebhookPayload<object> | null,
  ): Promise<SessionPaymentRow | null> {
    return this.sql.transaction(async (tx) => {
      const session = await lockedSession(tx, row.session_id, row.merchant_id);
      const existing = await tx.get<SessionPaymentRow>('SELECT * FROM session_payments WHERE session_id = ?', [
        row.session_id,
      ]);
      if (existing) return existing;
      const offer =
        row.amount_paise === null
          ? null
          : row.offer !== undefined
            ? row.offer
            : await this.checkout.offerPaid(
                tx,
                row.merchant_id,
                row.session_id,
                row.amount_paise,
                row.priced_at ?? row.created_at,
              );
      const refunded = row.gateway_payment_id
        ? await tx.get<{ refunded_at: string }>(
            'SELECT refunded_at FROM refused_payments WHERE gateway_payment_id = ? AND refunded_at IS NOT NULL',
            [row.gateway_payment_id],
          )
        : undefined;
      const event = decide(session, offer, refunded?.refunded_at ?? null);
      await tx.run(
        `INSERT INTO session_payments (session_id, merchant_id, payment_method, gateway_order_id, gateway_payment_id,
           amount_paise, created_at, found_by_check, offer_id, discount_paise)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.session_id,
          row.merchant_id,
          row.payment_method,
          row.gateway_order_id,
          row.gateway_payment_id,
          row.amount_paise,
          row.created_at,
          row.found_by_check ?? 0,
          offer?.id ?? null,
          offer?.discount_paise ?? null,
        ],
      );
      // Refused before (the cart differed then), it pays the session now: no refund is owed for it.
      if (row.gateway_payment_id)
        await tx.run('DELETE FROM refused_payments WHERE gateway_payment_id = ?', [row.gateway_payment_id]);
      if (row.gateway_order_id) await this.endChecks(tx, row.gateway_order_id);
      await tx.run('UPDATE checkout_sessions SET status = ?, completed_at = ? WHERE id = ? AND merchant_id = ?', [
        COMPLETED,
        row.created_at,
        row.session_id,
        row.merchant_id,
      ]);
      // The order ships where the buyer chose at this moment, whatever they do to their saved address afterwards.
      await this.checkout.keepDeliveryAddress(tx, row.merchant_id, row.session_id);
      if (event) await this.events.enqueue(tx, event, new Date(row.created_at));
      return null;
    });
  }
}

/** The session as a payment step reads it in transaction `tx`, its row locked until the commit (PostgreSQL). */
async function lockedSession(tx: Sql, sessionId: string, merchantId: string): Promise<SessionAtPayment> {
  const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const session = await tx.get<SessionAtPayment>(
    `SELECT status, cart_value_paise, cart_value_source FROM checkout_sessions WHERE id = ? AND merchant_id = ?${lock}`,
    [sessionId, merchantId],
  );
  if (!session) throw new Error(`session ${sessionId} vanished`);
  return session;
}
