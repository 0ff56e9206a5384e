-- Each page of the webhook log counted all of the merchant's attempts or deliveries (35 ns each: 6-7 ms a page for a
-- month of a busy shop, and without end when the log is kept for ever). How many there are up to an id is kept per
-- merchant; a page counts only those after it. Pruning the log takes what it deletes off these counts.
CREATE TABLE webhook_log_counts (
  merchant_id TEXT PRIMARY KEY,
  attempts_to INTEGER NOT NULL,
  attempts INTEGER NOT NULL,
  deliveries_to INTEGER NOT NULL,
  deliveries INTEGER NOT NULL
);
