-- The sessions search finds an order by the name it ships to: by the start of the whole name, of what follows its
-- first word, or of its last word (a surname, in names of three words and more), each from an index of the lower-cased
-- text instead of every order of the merchant. rtrim(name, <its letters but the space>) drops the last word.
CREATE INDEX delivery_addresses_name ON delivery_addresses (lower(name)) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_surname ON delivery_addresses (lower(trim(substr(name, instr(name, ' ') + 1))))
  WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_last_name ON delivery_addresses
  (lower(substr(name, length(rtrim(name, replace(name, ' ', ''))) + 1))) WHERE name IS NOT NULL;
