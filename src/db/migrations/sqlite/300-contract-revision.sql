-- The contract revision: uuid ids, the document's address and import fields, scoped OTP limits, optional funnel fields,
-- completed sessions, merchant key rotation, import sources, shared rate counters and revocation polling.

CREATE INDEX api_keys_revoked ON api_keys (revoked_at) WHERE revoked_at IS NOT NULL;

-- Rotated keys keep working until expires_at (the overlap window); NULL = no expiry.
ALTER TABLE merchant_api_keys ADD COLUMN expires_at TEXT;

ALTER TABLE buyers RENAME COLUMN legacy_external_id TO legacy_customer_id;
DROP INDEX buyers_legacy;
CREATE UNIQUE INDEX buyers_legacy ON buyers (merchant_id, legacy_customer_id) WHERE legacy_customer_id IS NOT NULL;

-- Addresses take the import document's fields; an imported address may be incomplete (no pincode) until checkout.
CREATE TABLE addresses_v2 (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  buyer_id TEXT NOT NULL REFERENCES buyers (id),
  legacy_address_id TEXT,
  name TEXT,
  phone TEXT,
  flat_number TEXT,
  building_name TEXT,
  street_name TEXT,
  locality TEXT,
  landmark TEXT,
  city TEXT,
  district TEXT,
  state TEXT,
  pincode TEXT,
  country TEXT NOT NULL DEFAULT 'IN',
  label TEXT,
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  geopin TEXT,
  latitude REAL,
  longitude REAL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO addresses_v2 (id, merchant_id, buyer_id, name, phone, street_name, locality, landmark, city, state, pincode, country,
  is_default, geopin, latitude, longitude, created_at, updated_at)
SELECT id, merchant_id, buyer_id, name, phone, line1, line2, landmark, city, state, pincode, country, is_default, geopin, latitude,
  longitude, created_at, updated_at FROM addresses;
DROP TABLE addresses;
ALTER TABLE addresses_v2 RENAME TO addresses;
CREATE INDEX addresses_buyer ON addresses (buyer_id);
CREATE UNIQUE INDEX addresses_legacy ON addresses (merchant_id, buyer_id, legacy_address_id) WHERE legacy_address_id IS NOT NULL;

-- Sessions gain 'completed' (paid or COD recorded) and remember who set the cart value.
CREATE TABLE checkout_sessions_v2 (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  buyer_id TEXT NOT NULL REFERENCES buyers (id),
  token_hash TEXT NOT NULL UNIQUE,
  auth_channel TEXT NOT NULL CHECK (auth_channel IN ('email', 'phone')),
  email TEXT,
  status TEXT NOT NULL CHECK (status IN ('verified', 'address_completed', 'completed', 'abandoned')),
  cart_value_paise INTEGER,
  -- 'merchant' when set with the merchant's api key (the only value an order amount is taken from), else 'widget'.
  cart_value_source TEXT CHECK (cart_value_source IN ('widget', 'merchant')),
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  selected_address_id TEXT REFERENCES addresses (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  address_completed_at TEXT,
  completed_at TEXT,
  abandoned_at TEXT
);
INSERT INTO checkout_sessions_v2 (id, merchant_id, buyer_id, token_hash, auth_channel, email, status, cart_value_paise, cart_value_source,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, selected_address_id, created_at, expires_at, address_completed_at, abandoned_at)
SELECT id, merchant_id, buyer_id, token_hash, auth_channel, email, status, cart_value_paise,
  CASE WHEN cart_value_paise IS NULL THEN NULL ELSE 'widget' END, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
  selected_address_id, created_at, expires_at, address_completed_at, abandoned_at FROM checkout_sessions;
DROP TABLE checkout_sessions;
ALTER TABLE checkout_sessions_v2 RENAME TO checkout_sessions;
CREATE INDEX checkout_sessions_merchant_created ON checkout_sessions (merchant_id, created_at);

-- Send limits are per merchant: the log says which merchant a send was for.
ALTER TABLE otp_send_log ADD COLUMN merchant_id TEXT;
CREATE INDEX otp_send_log_merchant_email ON otp_send_log (merchant_id, email, created_at);

-- Wrong codes lock (merchant, email) only for the address they came from, so a stranger cannot lock a buyer out.
CREATE TABLE otp_failures (
  merchant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  failures INTEGER NOT NULL,
  first_failure_at TEXT NOT NULL,
  locked_until TEXT,
  PRIMARY KEY (merchant_id, email, ip)
);

-- Funnel events need only merchant and event type; step, device and platform are optional.
CREATE TABLE funnel_events_v2 (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  session_id TEXT,
  event_type TEXT NOT NULL,
  step TEXT,
  device_type TEXT,
  platform TEXT,
  created_at TEXT NOT NULL
);
INSERT INTO funnel_events_v2 SELECT id, merchant_id, session_id, event_type, step, device_type, platform, created_at FROM funnel_events;
DROP TABLE funnel_events;
ALTER TABLE funnel_events_v2 RENAME TO funnel_events;
CREATE INDEX funnel_events_merchant_created ON funnel_events (merchant_id, created_at);
CREATE INDEX funnel_events_session ON funnel_events (merchant_id, session_id) WHERE session_id IS NOT NULL;

-- Where a batch came from (api, csv) and when each row error was recorded.
ALTER TABLE import_batches ADD COLUMN source TEXT NOT NULL DEFAULT 'api';
ALTER TABLE import_row_errors ADD COLUMN created_at TEXT NOT NULL DEFAULT '';
UPDATE import_row_errors SET created_at = (SELECT created_at FROM import_batches b WHERE b.id = batch_id);

-- Fixed-window counters shared by every node (funnel floods, test_webhook, OTP verify attempts per address).
CREATE TABLE rate_counters (
  scope TEXT NOT NULL,
  subject TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (scope, subject, window_start)
) WITHOUT ROWID;
CREATE INDEX rate_counters_window ON rate_counters (window_start);

-- Every running server node beats here; work a node owns (import batches) is failed only once its node stopped beating.
CREATE TABLE nodes (
  id TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL
);
ALTER TABLE import_batches ADD COLUMN node_id TEXT;
