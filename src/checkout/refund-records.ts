// Refunds the merchant made at its gateway for payments that completed nothing, recorded so they are no longer due.
import type { Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import type { AuditLog, MerchantPrincipal } from './audit-log.ts';

/** A payment the gateway took that completed nothing, and its refund once recorded. */
export interface RefundRecord {
  gateway_payment_id: string;
  gateway_order_id: string;
  session_id: string;
  amount_paise: number;
  currency: string;
  reason: string;
  refused_at: string;
  refunded_at: string | null;
  refunded_by: string | null;
  refund_reference: string | null;
}

const SELECT = `SELECT r.gateway_payment_id, r.gateway_order_id, r.session_id, o.amount_paise, o.currency, r.reason,
    r.created_at AS refused_at, r.refunded_at, r.refunded_by, r.refund_reference
  FROM refused_payments r JOIN payment_orders o ON o.gateway_order_id = r.gateway_order_id
  WHERE r.merchant_id = ? AND r.gateway_payment_id = ?`;

export class RefundRecords {
  constructor(
    private readonly sql: Sql,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * Records that the merchant refunded `paymentId` at the gateway, with the gateway's refund id when given. Recording it
   * again changes nothing and answers the refund as first recorded (a second click, a retried request).
   */
  async record(merchant: MerchantPrincipal, paymentId: string, reference: string | null): Promise<RefundRecord> {
    return this.sql.transaction(async (tx) => {
      const owed = await tx.get<RefundRecord>(SELECT, [merchant.id, paymentId]);
      if (!owed) throw notOwed(paymentId);
      if (owed.refunded_at) return owed;
      // A verify completing the session with this payment locks the session first: one of the two waits for the other.
      const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
      await tx.get(`SELECT id FROM checkout_sessions WHERE id = ?${lock}`, [owed.session_id]);
      const at = this.clock().toISOString();
      const marked = await tx.run(
        `UPDATE refused_payments SET refunded_at = ?, refunded_by = ?, refund_reference = ?
         WHERE gateway_payment_id = ? AND refunded_at IS NULL`,
        [at, merchant.actor, reference, paymentId],
      );
      const now = await tx.get<RefundRecord>(SELECT, [merchant.id, paymentId]);
      // Paid the session meanwhile (the cart was set back to its amount and the verify came again): nothing is owed.
      if (!now) throw notOwed(paymentId);
      if (marked === 1)
        await this.audit.in(tx).record(merchant.id, merchant.actor, 'refund_recorded', paymentId, {
          refunded: { from: false, to: true },
          ...(reference ? { refund_reference: { from: null, to: reference } } : {}),
        });
      return now;
    });
  }
}

function notOwed(paymentId: string): DomainError {
  return new DomainError(
    'not_found',
    'refund_not_due',
    `No refund is due for gateway payment ${paymentId}: no payment with this id was taken for your shop without ` +
      'completing its order (a payment that completed an order is not owed back)',
  );
}
