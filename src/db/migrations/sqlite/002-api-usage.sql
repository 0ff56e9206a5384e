-- Monthly request counts per key; month is 'YYYY-MM' in UTC. Written in batches by the usage meter.
CREATE TABLE api_usage (
  key_id INTEGER NOT NULL REFERENCES api_keys (id),
  month TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (key_id, month)
) WITHOUT ROWID;
