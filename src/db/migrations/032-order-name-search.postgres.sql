-- The sessions search finds an order by the name it ships to: by the start of the whole name, of what follows its
-- first word, or of its last word (a surname, in names of three words and more), each from an index of the lower-cased
-- text instead of every order of the merchant.
-- Under the C collation the index is in byte order, as the search's range compares (whatever the database's collation).
CREATE INDEX delivery_addresses_name ON delivery_addresses ((lower(name) COLLATE "C")) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_surname ON delivery_addresses
  ((lower(btrim(substr(name, strpos(name, ' ') + 1))) COLLATE "C")) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_last_name ON delivery_addresses
  ((lower(regexp_replace(name, '^.* ', '')) COLLATE "C")) WHERE name IS NOT NULL;
