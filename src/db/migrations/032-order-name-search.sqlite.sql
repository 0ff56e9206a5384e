-- The sessions search finds an order by the name it ships to: by the start of the whole name or of what follows its
-- first word (a surname), each from an index of the lower-cased text instead of every order of the merchant.
CREATE INDEX delivery_addresses_name ON delivery_addresses (lower(name)) WHERE name IS NOT NULL;
CREATE INDEX delivery_addresses_surname ON delivery_addresses (lower(trim(substr(name, instr(name, ' ') + 1))))
  WHERE name IS NOT NULL;
