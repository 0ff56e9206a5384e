-- The latest requests of each location key (status and latency), for the developer dashboard's request log.
CREATE TABLE api_request_log (
  id INTEGER PRIMARY KEY,
  key_id INTEGER NOT NULL,
  at TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  status INTEGER NOT NULL,
  micros INTEGER NOT NULL
);
CREATE INDEX api_request_log_key ON api_request_log (key_id, id);
