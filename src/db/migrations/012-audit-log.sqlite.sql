-- Who changed a merchant's settings, keys and offers, and what: written in the change's own transaction.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  changes TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL
);
CREATE INDEX audit_log_merchant ON audit_log (merchant_id, id);
