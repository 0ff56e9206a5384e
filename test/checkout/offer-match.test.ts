// Which offer a session is shown: the best that applies, never one that would take the session's whole cart.
import { describe, expect, it } from 'vitest';
import { matchOffer } from '../../src/checkout/offer-match.ts';
import type { Offer } from '../../src/checkout/offer-repository.ts';
import type { CheckoutSession } from '../../src/checkout/session-repository.ts';

const NOW = '2026-06-01T10:00:00.000Z';
const offer = (title: string, fields: Partial<Offer> = {}): Offer => ({
  id: title,
  title,
  description: null,
  discount_type: 'flat',
  discount_value: 2_000_00,
  min_cart_value_paise: null,
  utm_rules: {},
  priority: 0,
  active: true,
  starts_at: null,
  ends_at: null,
  created_at: NOW,
  ...fields,
});
const session = (cart: number | null) =>
  ({ cart_value_paise: cart, utm_source: null, utm_medium: null, utm_campaign: null }) as unknown as CheckoutSession;

describe('matchOffer', () => {
  it('passes over an offer that would take the whole cart (a payment cannot be ₹0) for the next best', async () => {
    const flat = offer('₹2000 off', { priority: 2 });
    const tenPercent = offer('10% off', { discount_type: 'percent', discount_value: 10 });
    expect(matchOffer([flat, tenPercent], session(1_499_00), NOW)?.title).toBe('10% off');
    expect(matchOffer([flat, tenPercent], session(2_000_00), NOW)?.title).toBe('10% off');
    expect(matchOffer([flat, tenPercent], session(2_000_01), NOW)?.title).toBe('₹2000 off');
    // 99% of one paisa rounds to all of it.
    expect(matchOffer([offer('99%', { discount_type: 'percent', discount_value: 99 })], session(1), NOW)).toBeNull();
  });

  it('leaves an unknown cart to the widget, which takes the offer off the cart on its page', async () => {
    expect(matchOffer([offer('₹2000 off')], session(null), NOW)?.title).toBe('₹2000 off');
  });
});
