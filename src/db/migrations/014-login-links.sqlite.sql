-- One-time sign-in links an operator prints with `geopin dashboard|merchant login-link` (no mail needed).
CREATE TABLE console_login_links (
  id INTEGER PRIMARY KEY,
  realm TEXT NOT NULL CHECK (realm IN ('developer', 'merchant')),
  subject_id INTEGER NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
);
CREATE INDEX console_login_links_expires ON console_login_links (expires_at);
