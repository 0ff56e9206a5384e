-- The whole schema, SQLite: the same tables, columns, indexes and constraints as 001-initial.postgres.sql
-- (test/db/schema-parity.test.ts compares them). Timestamps are ISO 8601 UTC text and booleans 0/1 integers in both
-- stores, so one repository serves both.

CREATE TABLE developer_accounts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'paid', 'enterprise')),
  created_at TEXT NOT NULL,
  disabled_at TEXT
);

CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  label TEXT,
  plan TEXT NOT NULL CHECK (plan IN ('free', 'paid', 'enterprise')),
  is_public INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
  allowed_origins TEXT NOT NULL DEFAULT '[]',
  monthly_limit_override INTEGER CHECK (monthly_limit_override IS NULL OR monthly_limit_override >= 0),
  rate_limit_override INTEGER CHECK (rate_limit_override IS NULL OR rate_limit_override > 0),
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  owner_id INTEGER REFERENCES developer_accounts (id)
);
CREATE INDEX api_keys_revoked ON api_keys (revoked_at) WHERE revoked_at IS NOT NULL;

CREATE TABLE api_usage (
  key_id INTEGER NOT NULL REFERENCES api_keys (id),
  month TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, month)
) WITHOUT ROWID;

CREATE TABLE merchants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  allowed_origins TEXT NOT NULL DEFAULT '[]',
  courier_coverage_url TEXT,
  enable_cod INTEGER NOT NULL DEFAULT 0 CHECK (enable_cod IN (0, 1)),
  cod_max_cart_value_paise INTEGER CHECK (cod_max_cart_value_paise IS NULL OR cod_max_cart_value_paise > 0),
  cod_blocked_pincodes TEXT NOT NULL DEFAULT '[]',
  payment_enabled INTEGER NOT NULL DEFAULT 0 CHECK (payment_enabled IN (0, 1)),
  gateway_key_id TEXT,
  gateway_secret_enc TEXT,
  webhook_url TEXT,
  webhook_secret_enc TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

CREATE TABLE merchant_api_keys (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  expires_at TEXT
);
CREATE INDEX merchant_api_keys_merchant ON merchant_api_keys (merchant_id);

CREATE TABLE buyers (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT,
  phone TEXT,
  name TEXT,
  legacy_customer_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX buyers_email ON buyers (merchant_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX buyers_phone ON buyers (merchant_id, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX buyers_legacy ON buyers (merchant_id, legacy_customer_id) WHERE legacy_customer_id IS NOT NULL;

CREATE TABLE addresses (
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
CREATE INDEX addresses_buyer ON addresses (buyer_id);
CREATE UNIQUE INDEX addresses_legacy ON addresses (merchant_id, buyer_id, legacy_address_id) WHERE legacy_address_id IS NOT NULL;

CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  buyer_id TEXT NOT NULL REFERENCES buyers (id),
  token_hash TEXT NOT NULL UNIQUE,
  auth_channel TEXT NOT NULL CHECK (auth_channel IN ('email', 'phone')),
  email TEXT,
  status TEXT NOT NULL CHECK (status IN ('verified', 'address_completed', 'completed', 'abandoned')),
  cart_value_paise INTEGER,
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
CREATE INDEX checkout_sessions_merchant_created ON checkout_sessions (merchant_id, created_at);

CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  -- The code's scope: a merchant id for buyers, 'console:…' for dashboard sign-in codes.
  merchant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
CREATE INDEX otp_codes_email ON otp_codes (merchant_id, email, id);

CREATE TABLE otp_send_log (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL,
  merchant_id TEXT
);
CREATE INDEX otp_send_log_merchant_email ON otp_send_log (merchant_id, email, created_at);
CREATE INDEX otp_send_log_created ON otp_send_log (created_at);

CREATE TABLE otp_failures (
  merchant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  failures INTEGER NOT NULL,
  first_failure_at TEXT NOT NULL,
  locked_until TEXT,
  PRIMARY KEY (merchant_id, email, ip)
);

CREATE TABLE funnel_events (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  session_id TEXT,
  event_type TEXT NOT NULL,
  step TEXT,
  device_type TEXT,
  platform TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX funnel_events_merchant_created ON funnel_events (merchant_id, created_at);
CREATE INDEX funnel_events_session ON funnel_events (merchant_id, session_id) WHERE session_id IS NOT NULL;

CREATE TABLE offers (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  title TEXT NOT NULL,
  description TEXT,
  discount_type TEXT NOT NULL CHECK (discount_type IN ('percent', 'flat')),
  discount_value INTEGER NOT NULL CHECK (discount_value > 0),
  min_cart_value_paise INTEGER,
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

CREATE TABLE import_batches (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  batch_label TEXT,
  status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  total_rows INTEGER NOT NULL,
  imported_count INTEGER NOT NULL DEFAULT 0,
  error_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  completed_at TEXT,
  source TEXT NOT NULL DEFAULT 'api',
  node_id TEXT
);
CREATE INDEX import_batches_merchant ON import_batches (merchant_id, created_at);

CREATE TABLE import_row_errors (
  id INTEGER PRIMARY KEY,
  batch_id TEXT NOT NULL REFERENCES import_batches (id),
  row_index INTEGER NOT NULL,
  legacy_external_id TEXT,
  error_code TEXT NOT NULL,
  error_message TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX import_row_errors_batch ON import_row_errors (batch_id, row_index);

CREATE TABLE payment_orders (
  gateway_order_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  session_id TEXT NOT NULL,
  amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
  currency TEXT NOT NULL,
  gateway_key_id TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX payment_orders_session ON payment_orders (session_id);

CREATE TABLE session_payments (
  session_id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  payment_method TEXT NOT NULL CHECK (payment_method IN ('gateway', 'cod')),
  gateway_order_id TEXT UNIQUE REFERENCES payment_orders (gateway_order_id),
  gateway_payment_id TEXT UNIQUE,
  amount_paise INTEGER,
  created_at TEXT NOT NULL,
  CHECK ((payment_method = 'gateway') = (gateway_payment_id IS NOT NULL))
);

CREATE TABLE rate_counters (
  scope TEXT NOT NULL,
  subject TEXT NOT NULL,
  window_start TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (scope, subject, window_start)
) WITHOUT ROWID;
CREATE INDEX rate_counters_window ON rate_counters (window_start);

CREATE TABLE nodes (
  id TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  heartbeat_at TEXT NOT NULL
);

CREATE INDEX api_keys_owner ON api_keys (owner_id) WHERE owner_id IS NOT NULL;

CREATE TABLE api_usage_daily (
  key_id INTEGER NOT NULL REFERENCES api_keys (id),
  day TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day)
) WITHOUT ROWID;

CREATE TABLE merchant_users (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX merchant_users_merchant ON merchant_users (merchant_id);

CREATE TABLE console_sessions (
  id INTEGER PRIMARY KEY,
  realm TEXT NOT NULL CHECK (realm IN ('developer', 'merchant')),
  subject_id INTEGER NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX console_sessions_expires ON console_sessions (expires_at);
