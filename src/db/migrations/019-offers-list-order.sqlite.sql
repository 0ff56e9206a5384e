-- Offers are always read in list order (priority, then newest): with that order in the index the read is one range
-- scan of the merchant's offers, not a sort of all their columns on every banner and list request.
DROP INDEX offers_merchant;
CREATE INDEX offers_merchant ON offers (merchant_id, priority DESC, created_at DESC, id);
