-- The merchant records a refund it made at the gateway for a payment that completed nothing: when, who (a dashboard
-- user or an api key) and the gateway's refund id if given. A recorded refund is no longer due, and the payment can
-- never complete its session afterwards (the buyer has the money back).
ALTER TABLE refused_payments ADD COLUMN refunded_at TEXT;
ALTER TABLE refused_payments ADD COLUMN refunded_by TEXT;
ALTER TABLE refused_payments ADD COLUMN refund_reference TEXT;
