// Prepared statements over payment_orders and session_payments.
import type { Db } from '../db/open.ts';

/** A payment_orders row. */
export interface PaymentOrderRow {
  gateway_order_id: string;
  merchant_id: string;
  session_id: string;
  amount_paise: number;
  currency: string;
  gateway_key_id: string;
  created_at: string;
}

/** A session_payments row. */
export interface SessionPaymentRow {
  session_id: string;
  merchant_id: string;
  payment_method: 'gateway' | 'cod';
  gateway_order_id: string | null;
  gateway_payment_id: string | null;
  amount_paise: number | null;
  created_at: string;
}

/** Statements prepared once per database. */
export class PaymentRepository {
  private readonly insertOrderStmt;
  private readonly orderStmt;
  private readonly paymentStmt;
  private readonly insertPaymentStmt;

  constructor(readonly db: Db) {
    this.insertOrderStmt = db.prepare(
      `INSERT INTO payment_orders (gateway_order_id, merchant_id, session_id, amount_paise, currency, gateway_key_id, created_at)
       VALUES (@gateway_order_id, @merchant_id, @session_id, @amount_paise, @currency, @gateway_key_id, @created_at)`,
    );
    this.orderStmt = db.prepare('SELECT * FROM payment_orders WHERE gateway_order_id = ?');
    this.paymentStmt = db.prepare('SELECT * FROM session_payments WHERE session_id = ?');
    this.insertPaymentStmt = db.prepare(
      `INSERT INTO session_payments (session_id, merchant_id, payment_method, gateway_order_id, gateway_payment_id, amount_paise, created_at)
       VALUES (@session_id, @merchant_id, @payment_method, @gateway_order_id, @gateway_payment_id, @amount_paise, @created_at)`,
    );
  }

  /** Remembers which session a gateway order belongs to. */
  insertOrder(row: PaymentOrderRow): void {
    this.insertOrderStmt.run(row);
  }

  /** The order by its gateway id, if this server created it. */
  order(gatewayOrderId: string): PaymentOrderRow | undefined {
    return this.orderStmt.get(gatewayOrderId) as PaymentOrderRow | undefined;
  }

  /** The session's completed payment, if any. */
  sessionPayment(sessionId: string): SessionPaymentRow | undefined {
    return this.paymentStmt.get(sessionId) as SessionPaymentRow | undefined;
  }

  /** Throws SQLITE_CONSTRAINT_PRIMARYKEY when the session is already paid; callers check first in the same transaction. */
  insertPayment(row: SessionPaymentRow): void {
    this.insertPaymentStmt.run(row);
  }
}
