-- Payments: gateway orders created for a session, and the one completed payment (gateway or COD) per session.
CREATE TABLE payment_orders (
  gateway_order_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  currency TEXT NOT NULL,
  -- The key the order was created with; verify uses the merchant's current secret for it.
  gateway_key_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX payment_orders_session ON payment_orders (session_id);

-- One row per paid session: the primary key makes "paid twice" impossible, which is what makes verify idempotent.
CREATE TABLE session_payments (
  session_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('gateway', 'cod')),
  gateway_order_id TEXT UNIQUE REFERENCES payment_orders (gateway_order_id),
  gateway_payment_id TEXT UNIQUE,
  amount_paise INTEGER,
  created_at TEXT NOT NULL,
  CHECK ((payment_method = 'gateway') = (gateway_payment_id IS NOT NULL))
);
