-- Funnel events, offers, and the webhook outbox + delivery log (the dispatcher adds the lease column's use).
CREATE TABLE funnel_events (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  session_id TEXT,
  event_type TEXT NOT NULL,
  step TEXT NOT NULL,
  device_type TEXT NOT NULL,
  platform TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX funnel_events_merchant_created ON funnel_events (merchant_id, created_at);

CREATE TABLE offers (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  title TEXT NOT NULL,
  description TEXT,
  discount_type TEXT NOT NULL CHECK (discount_type IN ('percent', 'flat')),
  discount_value INTEGER NOT NULL CHECK (discount_value > 0),
  min_cart_value_paise INTEGER,
  -- JSON object {utm_source?, utm_medium?, utm_campaign?, utm_term?, utm_content?}; {} matches every session.
  utm_rules TEXT NOT NULL DEFAULT '{}',
  priority INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  starts_at TEXT,
  ends_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX offers_merchant ON offers (merchant_id);

CREATE TABLE webhook_outbox (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  event TEXT NOT NULL,
  payload TEXT NOT NULL,
  delivery_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  lease_until TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (status, next_attempt_at);

CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  outbox_id INTEGER NOT NULL REFERENCES webhook_outbox (id),
  attempt INTEGER NOT NULL,
  http_status INTEGER,
  response_body TEXT,
  error TEXT,
  next_retry_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX webhook_deliveries_merchant ON webhook_deliveries (merchant_id, id);
