-- The checkout widget: each merchant's origin-bound location key (public, so kept readable for the Integration page),
-- and key origins that can change (changed_at tells every node's key cache to read the key again).
ALTER TABLE api_keys ADD COLUMN changed_at TEXT;
CREATE INDEX api_keys_changed ON api_keys (changed_at) WHERE changed_at IS NOT NULL;

CREATE TABLE merchant_widget_keys (
  merchant_id TEXT PRIMARY KEY REFERENCES merchants (id),
  api_key_id INTEGER NOT NULL UNIQUE REFERENCES api_keys (id),
  public_key TEXT NOT NULL,
  created_at TEXT NOT NULL
);
