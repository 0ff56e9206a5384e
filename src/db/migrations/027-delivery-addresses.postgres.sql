-- The address a completed checkout ships to, as it was when the session completed: the buyer may edit or delete the
-- saved address afterwards (it is theirs), and the merchant must still know where the paid order goes.
CREATE TABLE delivery_addresses (
  session_id text PRIMARY KEY REFERENCES checkout_sessions (id),
  -- The saved address it was taken from, which may since be edited or deleted (so no foreign key).
  address_id text NOT NULL,
  name text,
  phone text,
  flat_number text,
  building_name text,
  street_name text,
  locality text,
  landmark text,
  city text,
  district text,
  state text,
  pincode text,
  country text NOT NULL,
  label text,
  geopin text,
  latitude double precision,
  longitude double precision
);

-- Orders completed before this step: their chosen address as it is now, the closest to it still known.
INSERT INTO delivery_addresses (session_id, address_id, name, phone, flat_number, building_name, street_name,
  locality, landmark, city, district, state, pincode, country, label, geopin, latitude, longitude)
SELECT s.id, a.id, a.name, a.phone, a.flat_number, a.building_name, a.street_name, a.locality, a.landmark, a.city,
  a.district, a.state, a.pincode, a.country, a.label, a.geopin, a.latitude, a.longitude
FROM checkout_sessions s JOIN addresses a ON a.id = s.selected_address_id AND a.merchant_id = s.merchant_id
WHERE s.status = 'completed';
