-- Checkout sessions (created on OTP verify, found by the sha256 of their token) and hashed one-time codes.
CREATE TABLE checkout_sessions (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  buyer_id TEXT NOT NULL REFERENCES buyers (id),
  token_hash TEXT NOT NULL UNIQUE,
  auth_channel TEXT NOT NULL CHECK (auth_channel IN ('email', 'phone')),
  email TEXT,
  status TEXT NOT NULL CHECK (status IN ('verified', 'address_completed', 'abandoned')),
  cart_value_paise INTEGER,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  selected_address_id TEXT REFERENCES addresses (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  address_completed_at TEXT,
  abandoned_at TEXT
);
CREATE INDEX checkout_sessions_merchant_created ON checkout_sessions (merchant_id, created_at);

-- One row per issued code; the newest row for (merchant, email) is the live one.
CREATE TABLE otp_codes (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
CREATE INDEX otp_codes_email ON otp_codes (merchant_id, email, id);

-- Every send request, for the per-email and per-IP hourly limits.
CREATE TABLE otp_send_log (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX otp_send_log_email ON otp_send_log (email, created_at);
CREATE INDEX otp_send_log_ip ON otp_send_log (ip, created_at);
-- The hourly prune deletes by age alone.
CREATE INDEX otp_send_log_created ON otp_send_log (created_at);
