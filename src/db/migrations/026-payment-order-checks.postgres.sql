-- A buyer who paid and closed the tab before verify leaves the gateway holding money for an order nothing records:
-- each order without a recorded or refused payment is asked of the gateway at check_after (null: no more checks).
-- Orders from before this version are checked once, at once.
ALTER TABLE payment_orders ADD COLUMN check_after text;
UPDATE payment_orders SET check_after = created_at
WHERE NOT EXISTS (SELECT 1 FROM session_payments p WHERE p.gateway_order_id = payment_orders.gateway_order_id)
  AND NOT EXISTS (SELECT 1 FROM refused_payments r WHERE r.gateway_order_id = payment_orders.gateway_order_id);
CREATE INDEX payment_orders_check ON payment_orders (check_after) WHERE check_after IS NOT NULL;
