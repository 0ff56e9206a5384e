-- A merchant's deliveries that failed, or wait to retry after a failed attempt: "send all failing now" requeues them
-- from this index (a few after an outage of its server) instead of reading every delivery the merchant has.
CREATE INDEX webhook_outbox_failing ON webhook_outbox (merchant_id, id)
  WHERE status = 'failed' OR (status = 'pending' AND attempts > 0);
