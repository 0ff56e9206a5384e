-- A payment the reconciler found at the gateway (its verify never came) is told apart from one a buyer's verify
-- brought, so the order page can say why the buyer's tab never confirmed it.
ALTER TABLE session_payments ADD COLUMN found_by_check integer NOT NULL DEFAULT 0;
