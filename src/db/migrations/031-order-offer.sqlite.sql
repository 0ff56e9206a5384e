-- The offer a gateway order's amount took off the cart, recorded when the order is made (what the buyer was shown):
-- switched off or changed before the payment comes, it is still the one the payment took. discount_paise is 0 when no
-- offer did, and NULL on an order made before this step (its offer is matched again when it is paid).
ALTER TABLE payment_orders ADD COLUMN offer_id TEXT;
ALTER TABLE payment_orders ADD COLUMN offer_title TEXT;
ALTER TABLE payment_orders ADD COLUMN discount_paise INTEGER;
