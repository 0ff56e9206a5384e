// Picks the offer for a session: active, in its time window, cart minimum met, and every UTM rule equal (case-insensitive).
import type { Offer } from './offer-repository.ts';
import { UTM_KEYS, type CheckoutSession } from './session-repository.ts';

/**
 * Offers arrive sorted by priority (then newest). Among equal priorities the offer with more UTM rules wins, so a
 * campaign-specific offer beats a catch-all one ({} rules match every session).
 */
export function matchOffer(offers: Offer[], session: CheckoutSession, now: string): Offer | null {
  let best: Offer | null = null;
  for (const offer of offers) {
    if (!applies(offer, session, now)) continue;
    if (
      !best ||
      offer.priority > best.priority ||
      (offer.priority === best.priority && ruleCount(offer) > ruleCount(best))
    )
      best = offer;
  }
  return best;
}

function applies(offer: Offer, session: CheckoutSession, now: string): boolean {
  if (!offer.active) return false;
  if (offer.starts_at && offer.starts_at > now) return false;
  if (offer.ends_at && offer.ends_at <= now) return false;
  const cart = session.cart_value_paise;
  if (offer.min_cart_value_paise !== null && (cart ?? 0) < offer.min_cart_value_paise) return false;
  // One that would take the whole cart: a payment cannot be ₹0, and a free order has no way through checkout.
  if (cart !== null && discountOn(offer, cart) >= cart) return false;
  return UTM_KEYS.every((key) => {
    const want = offer.utm_rules[key];
    return want === undefined || want.toLowerCase() === (session[key] ?? '').toLowerCase();
  });
}

/** The offer's discount on `cart` paise, as the widget takes it off (order-total.js). */
export function discountOn(offer: Offer, cart: number): number {
  return offer.discount_type === 'percent' ? Math.round((cart * offer.discount_value) / 100) : offer.discount_value;
}

function ruleCount(offer: Offer): number {
  return UTM_KEYS.filter((k) => offer.utm_rules[k] !== undefined).length;
}
