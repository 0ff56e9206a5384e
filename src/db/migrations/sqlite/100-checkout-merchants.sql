-- Checkout merchants with their per-merchant config, and the hashed admin API keys that act for them.
CREATE TABLE merchants (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  -- JSON array of exact origins allowed to call the buyer endpoints from a browser.
  allowed_origins TEXT NOT NULL DEFAULT '[]',
  courier_coverage_url TEXT,
  enable_cod INTEGER NOT NULL DEFAULT 0 CHECK (enable_cod IN (0, 1)),
  cod_max_cart_value_paise INTEGER CHECK (cod_max_cart_value_paise IS NULL OR cod_max_cart_value_paise > 0),
  cod_blocked_pincodes TEXT NOT NULL DEFAULT '[]',
  payment_enabled INTEGER NOT NULL DEFAULT 0 CHECK (payment_enabled IN (0, 1)),
  gateway_key_id TEXT,
  -- AES-256-GCM ciphertext ("v1:" + base64(iv | tag | data)); never returned by the API.
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
  revoked_at TEXT
);
CREATE INDEX merchant_api_keys_merchant ON merchant_api_keys (merchant_id);
