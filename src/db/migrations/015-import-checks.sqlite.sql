-- Imports check pincodes against the directory: a row may be imported with warnings, kept beside its errors; a batch
-- remembers the spreadsheet row its first row came from, so errors can name the row a spreadsheet shows.
ALTER TABLE import_batches ADD COLUMN first_row INTEGER;
ALTER TABLE import_batches ADD COLUMN warning_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE import_row_errors ADD COLUMN kind TEXT NOT NULL DEFAULT 'error' CHECK (kind IN ('error', 'warning'));
