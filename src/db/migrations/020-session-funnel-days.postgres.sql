-- The admin funnel's counts from sessions read every session of the window (78 ms for 72,000 sessions a month, and
-- growing with them). Whole UTC days that ended two days before a read are counted once, at that read, and kept here
-- per day and UTM source, medium and campaign; a change to a session of a kept day drops that day (triggers below).
CREATE TABLE session_funnel_days (
  merchant_id text NOT NULL REFERENCES merchants (id),
  day text NOT NULL,
  PRIMARY KEY (merchant_id, day)
);
CREATE TABLE session_funnel_groups (
  merchant_id text NOT NULL,
  day text NOT NULL,
  group_no integer NOT NULL,
  utm_source text,
  utm_medium text,
  utm_campaign text,
  sessions integer NOT NULL,
  address_completed integer NOT NULL,
  payment_started integer NOT NULL,
  paid integer NOT NULL,
  revenue_paise bigint NOT NULL,
  status_verified integer NOT NULL,
  status_address_completed integer NOT NULL,
  status_completed integer NOT NULL,
  status_abandoned integer NOT NULL,
  PRIMARY KEY (merchant_id, day, group_no),
  FOREIGN KEY (merchant_id, day) REFERENCES session_funnel_days (merchant_id, day) ON DELETE CASCADE
);

-- Only a session created before yesterday (UTC, by the database's clock) can be in a kept day (a day is kept two days
-- after it ended by the app's clock, so nodes may run up to a day ahead): the triggers do nothing for the sessions of
-- today and yesterday, every live one (a session lasts a day), so payments never queue on the lock below. The test
-- is written out in each WHEN (as a function call or with to_char it cost 40 µs a change). For an older session they
-- first wait for any node counting that merchant's days (it holds this lock from before its count to its commit), so
-- a day is never kept with a count taken before a change committed after it.
CREATE FUNCTION session_funnel_old(created text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT created < ((now() AT TIME ZONE 'UTC')::date - 1)::text
$$;
CREATE FUNCTION session_funnel_stale(merchant text, created text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF session_funnel_old(created) THEN
    PERFORM pg_advisory_xact_lock(hashtext('session_funnel_days'), hashtext(merchant));
    DELETE FROM session_funnel_days WHERE merchant_id = merchant AND day = substr(created, 1, 10);
  END IF;
END $$;
CREATE FUNCTION session_funnel_stale_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM session_funnel_stale(OLD.merchant_id, OLD.created_at);
  END IF;
  IF TG_OP = 'INSERT'
    OR (TG_OP = 'UPDATE' AND (OLD.merchant_id, OLD.created_at) <> (NEW.merchant_id, NEW.created_at)) THEN
    PERFORM session_funnel_stale(NEW.merchant_id, NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
CREATE FUNCTION session_funnel_stale_payment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  session record;
BEGIN
  -- OLD is null on INSERT and NEW on DELETE; one lookup, the date test in it, as in the sessions' WHEN.
  FOR session IN SELECT merchant_id, created_at FROM checkout_sessions
    WHERE id IN (OLD.session_id, NEW.session_id) AND created_at < ((now() AT TIME ZONE 'UTC')::date - 1)::text
  LOOP
    PERFORM session_funnel_stale(session.merchant_id, session.created_at);
  END LOOP;
  RETURN NULL;
END $$;
-- Any change the funnel could count, by any statement: a session added, changed or removed, a payment or an order.
CREATE TRIGGER session_funnel_stale_on_session_insert AFTER INSERT ON checkout_sessions
  FOR EACH ROW WHEN (NEW.created_at < ((now() AT TIME ZONE 'UTC')::date - 1)::text)
  EXECUTE FUNCTION session_funnel_stale_session();
CREATE TRIGGER session_funnel_stale_on_session_update
  AFTER UPDATE OF status, address_completed_at, utm_source, utm_medium, utm_campaign, created_at, merchant_id
  ON checkout_sessions FOR EACH ROW
  WHEN (OLD.created_at < ((now() AT TIME ZONE 'UTC')::date - 1)::text
    OR (OLD.merchant_id, OLD.created_at) <> (NEW.merchant_id, NEW.created_at))
  EXECUTE FUNCTION session_funnel_stale_session();
CREATE TRIGGER session_funnel_stale_on_session_delete AFTER DELETE ON checkout_sessions
  FOR EACH ROW WHEN (OLD.created_at < ((now() AT TIME ZONE 'UTC')::date - 1)::text)
  EXECUTE FUNCTION session_funnel_stale_session();
CREATE TRIGGER session_funnel_stale_on_payment_insert AFTER INSERT ON session_payments
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
CREATE TRIGGER session_funnel_stale_on_payment_update AFTER UPDATE ON session_payments
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
CREATE TRIGGER session_funnel_stale_on_payment_delete AFTER DELETE ON session_payments
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
CREATE TRIGGER session_funnel_stale_on_order_insert AFTER INSERT ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
CREATE TRIGGER session_funnel_stale_on_order_update AFTER UPDATE ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
CREATE TRIGGER session_funnel_stale_on_order_delete AFTER DELETE ON payment_orders
  FOR EACH ROW EXECUTE FUNCTION session_funnel_stale_payment();
