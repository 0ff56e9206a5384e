-- The sessions search finds a buyer by phone (profile or saved address) and then that buyer's sessions, and the
-- orders that shipped to it: each step reads an index instead of every address or session of the merchant.
CREATE INDEX addresses_merchant_phone ON addresses (merchant_id, phone) WHERE phone IS NOT NULL;
CREATE INDEX checkout_sessions_buyer ON checkout_sessions (buyer_id);
CREATE INDEX delivery_addresses_phone ON delivery_addresses (phone) WHERE phone IS NOT NULL;
