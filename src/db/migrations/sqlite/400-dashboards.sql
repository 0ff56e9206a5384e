-- The dashboards: developer accounts owning location keys, merchant users, browser sessions of both, usage per day,
-- and one-time codes scoped beyond merchants (the dashboards sign in with the checkout's OTP machinery).

-- Who may sign in to /dashboard: added by `npm run dashboard:allow` or on first sign-in from the DASHBOARD_ALLOWED_EMAILS list.
CREATE TABLE developer_accounts (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  -- The plan of the keys the account creates.
  plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'paid', 'enterprise')),
  created_at TEXT NOT NULL,
  disabled_at TEXT
);

-- Keys created in the dashboard belong to an account; keys from the CLI have no owner.
ALTER TABLE api_keys ADD COLUMN owner_id INTEGER REFERENCES developer_accounts (id);
CREATE INDEX api_keys_owner ON api_keys (owner_id) WHERE owner_id IS NOT NULL;

-- Requests per key and UTC day ('YYYY-MM-DD'), written in the same batch as api_usage.
CREATE TABLE api_usage_daily (
  key_id INTEGER NOT NULL REFERENCES api_keys (id),
  day TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, day)
) WITHOUT ROWID;

-- People who may sign in to /merchant for one merchant (`npm run merchant:add-user`); an email belongs to one merchant.
CREATE TABLE merchant_users (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);
CREATE INDEX merchant_users_merchant ON merchant_users (merchant_id);

-- Signed-in browsers of both dashboards: the sha256 of the cookie's token; realm says which table subject_id is in.
CREATE TABLE console_sessions (
  id INTEGER PRIMARY KEY,
  realm TEXT NOT NULL CHECK (realm IN ('developer', 'merchant')),
  subject_id INTEGER NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX console_sessions_expires ON console_sessions (expires_at);

-- otp_codes.merchant_id becomes the code's scope: a merchant id for buyers, 'console:…' for dashboard sign-in codes,
-- so the foreign key to merchants goes (SQLite drops a constraint by rebuilding the table).
CREATE TABLE otp_codes_v2 (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL,
  email TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  consumed_at TEXT,
  failed_attempts INTEGER NOT NULL DEFAULT 0,
  locked_until TEXT
);
INSERT INTO otp_codes_v2 (id, merchant_id, email, code_hash, created_at, expires_at, consumed_at, failed_attempts, locked_until)
SELECT id, merchant_id, email, code_hash, created_at, expires_at, consumed_at, failed_attempts, locked_until FROM otp_codes;
DROP TABLE otp_codes;
ALTER TABLE otp_codes_v2 RENAME TO otp_codes;
CREATE INDEX otp_codes_email ON otp_codes (merchant_id, email, id);
