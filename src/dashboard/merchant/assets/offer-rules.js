// Which offer a buyer gets (docs/checkout-api.md, Offers; offer-match.ts), and the warnings a saved offer may deserve.
import { formatTime } from '/console/console.js';

/** The server's rule, said once over the offers table. */
export const WHICH_OFFER =
  'When several offers match a buyer, the buyer gets one: the highest priority; among equal priorities, the one with ' +
  'more UTM rules (an offer for a campaign beats one for everyone); then the newest.';

/** "utm_campaign=diwali", the rules compared as the server compares them (case-insensitively). */
const rulesText = (rules) =>
  Object.entries(rules)
    .map(([k, v]) => `${k}=${String(v).toLowerCase()}`)
    .sort()
    .join(', ');

/** Switched on and not over: it may still be shown. */
const live = (o, now) => o.active && !(o.ends_at && o.ends_at <= now);

/** Whether the two windows share a moment (a missing edge is open). */
const sameTime = (a, b) =>
  (!a.ends_at || !b.starts_at || b.starts_at < a.ends_at) && (!b.ends_at || !a.starts_at || a.starts_at < b.ends_at);

/** Other offers the server would weigh equally against `offer`: same priority, same rules, shown at the same time. */
export function rivalsOf(offer, offers, now) {
  if (!live(offer, now)) return [];
  const rules = rulesText(offer.utm_rules);
  return offers.filter(
    (o) =>
      o.id !== offer.id &&
      live(o, now) &&
      o.priority === offer.priority &&
      rulesText(o.utm_rules) === rules &&
      sameTime(o, offer),
  );
}

const quoted = (list) => list.map((o) => `“${o.title}”`).join(', ');

/** What to tell the merchant about `offer` as saved: an overlap, or a last day already gone; null when nothing. */
export function offerWarning(offer, offers, now = new Date().toISOString()) {
  if (offer.ends_at && offer.ends_at <= now)
    return `“${offer.title}” ended on ${formatTime(offer.ends_at, false)}: buyers will not see it.`;
  const rivals = rivalsOf(offer, offers, now);
  if (rivals.length === 0) return null;
  const newest = [offer, ...rivals].reduce((a, b) => (b.created_at > a.created_at ? b : a));
  const rules = rulesText(offer.utm_rules) || 'none';
  return (
    `“${offer.title}” overlaps ${quoted(rivals)}: the same priority (${offer.priority}) and UTM rules (${rules}), ` +
    `shown at the same time. A buyer ${rivals.length === 1 ? 'both' : 'they all'} match gets only the newest, ` +
    `“${newest.title}”.`
  );
}
