-- Facts about the store itself, one row each: first the fingerprint of the master key its merchant secrets are sealed
-- with, so that a node started with another key refuses to start instead of failing every webhook and payment.
CREATE TABLE store_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
