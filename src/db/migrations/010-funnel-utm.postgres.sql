-- Funnel events keep the UTM source, medium and campaign of the page the checkout opened on.
ALTER TABLE funnel_events ADD COLUMN utm_source text;
ALTER TABLE funnel_events ADD COLUMN utm_medium text;
ALTER TABLE funnel_events ADD COLUMN utm_campaign text;
