-- API keys: only the sha256 of each key is stored; the key itself is shown once by scripts/create-key.ts.
CREATE TABLE api_keys (
  id INTEGER PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,
  key_prefix TEXT NOT NULL,
  label TEXT,
  plan TEXT NOT NULL CHECK (plan IN ('free', 'paid', 'enterprise')),
  is_public INTEGER NOT NULL DEFAULT 0 CHECK (is_public IN (0, 1)),
  -- JSON array of exact origins ("https://a.com") a public key may be used from.
  allowed_origins TEXT NOT NULL DEFAULT '[]',
  -- Per-key overrides of the plan's monthly quota and per-second rate (NULL = the plan's value).
  monthly_limit_override INTEGER CHECK (monthly_limit_override IS NULL OR monthly_limit_override >= 0),
  rate_limit_override INTEGER CHECK (rate_limit_override IS NULL OR rate_limit_override > 0),
  created_at TEXT NOT NULL,
  revoked_at TEXT
);
