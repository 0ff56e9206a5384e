-- The sessions listing shows each session's latest gateway order: with created_at in the index that is one seek,
-- not a sort of the session's orders per listed row.
DROP INDEX payment_orders_session;
CREATE INDEX payment_orders_session ON payment_orders (session_id, created_at);
