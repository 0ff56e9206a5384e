-- A payment the gateway took whose verify was refused (the session was paid already, by another order or COD, or the
-- merchant's cart changed): the merchant owes the buyer a refund and must be able to see which payment it is.
ALTER TABLE payment_orders ADD COLUMN refused_payment_id TEXT;
ALTER TABLE payment_orders ADD COLUMN refused_reason TEXT;
ALTER TABLE payment_orders ADD COLUMN refused_at TEXT;
