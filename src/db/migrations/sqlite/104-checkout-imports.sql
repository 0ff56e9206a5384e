-- Customer import batches and the rows that could not be imported.
CREATE TABLE import_batches (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  batch_label TEXT,
  status TEXT NOT NULL CHECK (status IN ('processing', 'completed', 'failed')),
  total_rows INTEGER NOT NULL,
  imported_count INTEGER NOT NULL DEFAULT 0,
  error_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX import_batches_merchant ON import_batches (merchant_id, created_at);

CREATE TABLE import_row_errors (
  id INTEGER PRIMARY KEY,
  batch_id TEXT NOT NULL REFERENCES import_batches (id),
  row_index INTEGER NOT NULL,
  legacy_external_id TEXT,
  error_code TEXT NOT NULL,
  error_message TEXT NOT NULL
);
CREATE INDEX import_row_errors_batch ON import_row_errors (batch_id, row_index);
