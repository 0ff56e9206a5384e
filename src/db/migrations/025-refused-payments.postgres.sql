-- Payments the gateway took whose verify was refused (the session was paid already, by another order or COD, or the
-- merchant's cart changed): the merchant owes each buyer a refund and must be able to see which payment it is.
CREATE TABLE refused_payments (
  gateway_payment_id text PRIMARY KEY,
  gateway_order_id text NOT NULL REFERENCES payment_orders (gateway_order_id),
  merchant_id text NOT NULL,
  session_id text NOT NULL,
  reason text NOT NULL,
  created_at text NOT NULL
);
CREATE INDEX refused_payments_order ON refused_payments (gateway_order_id);
CREATE INDEX refused_payments_session ON refused_payments (session_id);
