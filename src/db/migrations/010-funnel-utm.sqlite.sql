-- Funnel events keep the UTM source, medium and campaign of the page the checkout opened on.
ALTER TABLE funnel_events ADD COLUMN utm_source TEXT;
ALTER TABLE funnel_events ADD COLUMN utm_medium TEXT;
ALTER TABLE funnel_events ADD COLUMN utm_campaign TEXT;
