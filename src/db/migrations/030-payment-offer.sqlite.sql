-- The offer a payment's amount took off the cart (the session's banner offer when it was paid), so a merchant can tell
-- a discount from an amount someone changed.
ALTER TABLE session_payments ADD COLUMN offer_id TEXT;
ALTER TABLE session_payments ADD COLUMN discount_paise INTEGER;
