-- Names are searched without their apostrophes: "dsouza" and "d'souza" find D'Souza, and D’Souza typed on a phone
-- (which writes the curly ’) is found by the straight ' a desktop types. Migration 032's indexes, rebuilt so.
DROP INDEX delivery_addresses_name;
DROP INDEX delivery_addresses_surname;
DROP INDEX delivery_addresses_last_name;
CREATE INDEX delivery_addresses_name ON delivery_addresses
  ((translate(lower(name), '''’‘', '') COLLATE "C")) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_surname ON delivery_addresses
  ((translate(lower(btrim(substr(name, strpos(name, ' ') + 1))), '''’‘', '') COLLATE "C")) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_last_name ON delivery_addresses
  ((translate(lower(regexp_replace(name, '^.* ', '')), '''’‘', '') COLLATE "C")) WHERE name IS NOT NULL;
