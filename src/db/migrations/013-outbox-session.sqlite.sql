-- Each outbox row names its checkout session, so one order's page lists the webhooks sent about it.
ALTER TABLE webhook_outbox ADD COLUMN session_id TEXT;
UPDATE webhook_outbox SET session_id = json_extract(payload, '$.session_id');
CREATE INDEX webhook_outbox_session ON webhook_outbox (merchant_id, session_id) WHERE session_id IS NOT NULL;
-- The delivery log lists a merchant's deliveries newest first, each with its latest attempt.
CREATE INDEX webhook_outbox_merchant ON webhook_outbox (merchant_id, id);
CREATE INDEX webhook_deliveries_outbox ON webhook_deliveries (outbox_id, id);
