-- The admin funnel's counts from sessions read every session of the window (78 ms for 72,000 sessions a month, and
-- growing with them). Whole UTC days that ended two days before a read are counted once, at that read, and kept here
-- per day and UTM source, medium and campaign; a change to a session of a kept day drops that day (triggers below).
CREATE TABLE session_funnel_days (
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  day TEXT NOT NULL,
  PRIMARY KEY (merchant_id, day)
);
CREATE TABLE session_funnel_groups (
  merchant_id TEXT NOT NULL,
  day TEXT NOT NULL,
  group_no INTEGER NOT NULL,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  sessions INTEGER NOT NULL,
  address_completed INTEGER NOT NULL,
  payment_started INTEGER NOT NULL,
  paid INTEGER NOT NULL,
  revenue_paise INTEGER NOT NULL,
  status_verified INTEGER NOT NULL,
  status_address_completed INTEGER NOT NULL,
  status_completed INTEGER NOT NULL,
  status_abandoned INTEGER NOT NULL,
  PRIMARY KEY (merchant_id, day, group_no),
  FOREIGN KEY (merchant_id, day) REFERENCES session_funnel_days (merchant_id, day) ON DELETE CASCADE
);

-- Any change the funnel could count, by any statement: a session added, changed or removed, a payment or an order.
CREATE TRIGGER session_funnel_stale_on_session_insert AFTER INSERT ON checkout_sessions
BEGIN
  DELETE FROM session_funnel_days WHERE merchant_id = NEW.merchant_id AND day = substr(NEW.created_at, 1, 10);
END;
CREATE TRIGGER session_funnel_stale_on_session_update
AFTER UPDATE OF status, address_completed_at, utm_source, utm_medium, utm_campaign, created_at, merchant_id
ON checkout_sessions
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN
    (VALUES (OLD.merchant_id, substr(OLD.created_at, 1, 10)), (NEW.merchant_id, substr(NEW.created_at, 1, 10)));
END;
CREATE TRIGGER session_funnel_stale_on_session_delete AFTER DELETE ON checkout_sessions
BEGIN
  DELETE FROM session_funnel_days WHERE merchant_id = OLD.merchant_id AND day = substr(OLD.created_at, 1, 10);
END;
CREATE TRIGGER session_funnel_stale_on_payment_insert AFTER INSERT ON session_payments
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN
    (SELECT merchant_id, substr(created_at, 1, 10) FROM checkout_sessions WHERE id = NEW.session_id);
END;
CREATE TRIGGER session_funnel_stale_on_payment_update AFTER UPDATE ON session_payments
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN (SELECT merchant_id, substr(created_at, 1, 10)
    FROM checkout_sessions WHERE id IN (OLD.session_id, NEW.session_id));
END;
CREATE TRIGGER session_funnel_stale_on_payment_delete AFTER DELETE ON session_payments
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN
    (SELECT merchant_id, substr(created_at, 1, 10) FROM checkout_sessions WHERE id = OLD.session_id);
END;
CREATE TRIGGER session_funnel_stale_on_order_insert AFTER INSERT ON payment_orders
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN
    (SELECT merchant_id, substr(created_at, 1, 10) FROM checkout_sessions WHERE id = NEW.session_id);
END;
CREATE TRIGGER session_funnel_stale_on_order_update AFTER UPDATE ON payment_orders
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN (SELECT merchant_id, substr(created_at, 1, 10)
    FROM checkout_sessions WHERE id IN (OLD.session_id, NEW.session_id));
END;
CREATE TRIGGER session_funnel_stale_on_order_delete AFTER DELETE ON payment_orders
BEGIN
  DELETE FROM session_funnel_days WHERE (merchant_id, day) IN
    (SELECT merchant_id, substr(created_at, 1, 10) FROM checkout_sessions WHERE id = OLD.session_id);
END;
