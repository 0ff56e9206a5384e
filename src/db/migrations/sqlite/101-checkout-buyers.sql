-- Buyers and their addresses, scoped to one merchant; email, phone and legacy id are each unique per merchant.
CREATE TABLE buyers (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  email TEXT,
  phone TEXT,
  name TEXT,
  legacy_external_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE UNIQUE INDEX buyers_email ON buyers (merchant_id, email) WHERE email IS NOT NULL;
CREATE UNIQUE INDEX buyers_phone ON buyers (merchant_id, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX buyers_legacy ON buyers (merchant_id, legacy_external_id) WHERE legacy_external_id IS NOT NULL;

CREATE TABLE addresses (
  id TEXT PRIMARY KEY,
  merchant_id TEXT NOT NULL REFERENCES merchants (id),
  buyer_id TEXT NOT NULL REFERENCES buyers (id),
  name TEXT,
  phone TEXT,
  line1 TEXT NOT NULL,
  line2 TEXT,
  landmark TEXT,
  city TEXT NOT NULL,
  state TEXT,
  pincode TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT 'IN',
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  -- Filled lazily (on address_completed) and cleared when the address changes.
  geopin TEXT,
  latitude REAL,
  longitude REAL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX addresses_buyer ON addresses (buyer_id);
