-- Names are searched without their apostrophes: "dsouza" and "d'souza" find D'Souza, and D’Souza typed on a phone
-- (which writes the curly ’) is found by the straight ' a desktop types. Migration 032's indexes, rebuilt so.
DROP INDEX delivery_addresses_name;
DROP INDEX delivery_addresses_surname;
DROP INDEX delivery_addresses_last_name;
CREATE INDEX delivery_addresses_name ON delivery_addresses
  (replace(replace(replace(lower(name), '''', ''), '’', ''), '‘', '')) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_surname ON delivery_addresses
  (replace(replace(replace(lower(trim(substr(name, instr(name, ' ') + 1))), '''', ''), '’', ''), '‘', ''))
  WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_last_name ON delivery_addresses (replace(replace(replace(
  lower(substr(name, length(rtrim(name, replace(name, ' ', ''))) + 1)), '''', ''), '’', ''), '‘', ''))
  WHERE name IS NOT NULL;
