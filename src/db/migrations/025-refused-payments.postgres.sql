-- A payment the gateway took whose verify was refused (the session was paid already, by another order or COD, or the
-- merchant's cart changed): the merchant owes the buyer a refund and must be able to see which payment it is.
ALTER TABLE payment_orders ADD COLUMN refused_payment_id text;
ALTER TABLE payment_orders ADD COLUMN refused_reason text;
ALTER TABLE payment_orders ADD COLUMN refused_at text;
