// What saving the offer form changes of the offer being edited: only the fields the merchant changed are sent, so what
// the form cannot show is kept (a UTM rule besides utm_campaign, set through the API; a start or end at another time
// than the edge of the day the form shows).
import { localDate } from '/console/format.js';

/** The offer's UTM rules with utm_campaign as typed (empty: none), its other rules as they were. */
export function withCampaign(rules, campaign) {
  const { utm_campaign: _campaign, ...others } = rules;
  return campaign ? { ...others, utm_campaign: campaign } : others;
}

/** "utm_source=instagram" for each rule the form does not show, for its hint; empty when none. */
export function hiddenRules(rules) {
  return Object.entries(withCampaign(rules, ''))
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
}

const dayOf = (instant) => (instant ? localDate(new Date(instant)) : '');
/** Equal as the API compares them: rules in any order. */
const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (v) => (v && typeof v === 'object' ? Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1)) : v);

/** `fields` as the form read them, less those `offer` already has; a start or end on the day shown keeps its time. */
export function changedFields(fields, offer) {
  const changed = {};
  for (const [key, value] of Object.entries(fields)) {
    const kept = (key === 'starts_at' || key === 'ends_at') && dayOf(value) === dayOf(offer[key]);
    if (!kept && !same(value, offer[key])) changed[key] = value;
  }
  return changed;
}
