-- The merchant's support finds an order by the payment id the buyer quotes, a refused one included.
CREATE INDEX payment_orders_refused_payment ON payment_orders (refused_payment_id);
