// What the buyer pays: the page's cart less the UTM offer, or the merchant's fixed cart as it is.
import { describe, expect, it } from 'vitest';
import { loadAsset } from '../support/asset-module.ts';

interface Offer {
  discount_type: 'percent' | 'flat';
  discount_value: number;
  min_cart_value_paise?: number | null;
}
type Cod = { cart_value_paise: number | null; cart_value_source: 'widget' | 'merchant' | null };
const { offerDiscount, orderTotal } = await loadAsset<{
  offerDiscount: (offer: Offer | null, cart: number | null) => number;
  orderTotal: (i: { pageCart: number | null; offer: Offer | null; cod: Cod }) => Record<string, unknown>;
}>('order-total.js');

const tenPercent: Offer = { discount_type: 'percent', discount_value: 10 };

describe('offerDiscount', () => {
  it('takes a percent to the paisa, a flat amount, nothing below the minimum or for a cart it would take whole', () => {
    expect(offerDiscount(tenPercent, 149_900)).toBe(14_990);
    expect(offerDiscount({ discount_type: 'percent', discount_value: 15 }, 999)).toBe(150);
    expect(offerDiscount({ discount_type: 'flat', discount_value: 2_999 }, 3_000)).toBe(2_999);
    // A payment cannot be ₹0: an offer worth the whole cart (or more) does not apply to it.
    expect(offerDiscount({ discount_type: 'flat', discount_value: 3_000 }, 3_000)).toBe(0);
    expect(offerDiscount({ discount_type: 'flat', discount_value: 5_000 }, 3_000)).toBe(0);
    expect(offerDiscount({ discount_type: 'percent', discount_value: 99 }, 1)).toBe(0);
    expect(offerDiscount({ ...tenPercent, min_cart_value_paise: 200_000 }, 149_900)).toBe(0);
    expect(offerDiscount(null, 149_900)).toBe(0);
    expect(offerDiscount(tenPercent, null)).toBe(0);
  });
});

describe('orderTotal', () => {
  it("charges the page's cart less the offer", () => {
    const cod: Cod = { cart_value_paise: 149_900, cart_value_source: 'widget' };
    expect(orderTotal({ pageCart: 149_900, offer: tenPercent, cod })).toEqual({
      cart: 149_900,
      discount: 14_990,
      total: 134_910,
      fixedByMerchant: false,
    });
  });

  it("charges a cart the merchant's server fixed as it is", () => {
    const cod: Cod = { cart_value_paise: 99_900, cart_value_source: 'merchant' };
    expect(orderTotal({ pageCart: 149_900, offer: tenPercent, cod })).toEqual({
      cart: 99_900,
      discount: 0,
      total: 99_900,
      fixedByMerchant: true,
    });
  });

  it('has no total when nobody set a cart', () => {
    const cod: Cod = { cart_value_paise: null, cart_value_source: null };
    expect(orderTotal({ pageCart: null, offer: tenPercent, cod })).toMatchObject({ total: null, discount: 0 });
  });
});
