// What the buyer pays: the cart on the page less the UTM offer's discount, unless the merchant's server fixed the
// session's cart (set_session_cart), which is then charged as it is (the merchant applied its offers itself).

/**
 * The offer's discount on `cartPaise` in paise: a percent rounded to the paisa, or the flat amount. None below the
 * offer's minimum, and none when it would take the whole cart: a payment cannot be ₹0, and a free order has no way
 * through checkout (the server does not offer such an offer for the session's cart either, offer-match.ts).
 */
export function offerDiscount(offer, cartPaise) {
  if (!offer || cartPaise === null) return 0;
  if (offer.min_cart_value_paise && cartPaise < offer.min_cart_value_paise) return 0;
  const off =
    offer.discount_type === 'percent' ? Math.round((cartPaise * offer.discount_value) / 100) : offer.discount_value;
  return off >= cartPaise ? 0 : Math.max(0, off);
}

/**
 * The order summary's numbers. `pageCart` is the element's amount-paise (or null), `cod` the cod_eligibility answer
 * (its cart_value_paise and cart_value_source say what the session holds). `total` is null when nobody set a cart.
 */
export function orderTotal({ pageCart, offer, cod }) {
  if (cod.cart_value_source === 'merchant')
    return { cart: cod.cart_value_paise, discount: 0, total: cod.cart_value_paise, fixedByMerchant: true };
  const cart = pageCart ?? cod.cart_value_paise ?? null;
  const discount = offerDiscount(offer, cart);
  return { cart, discount, total: cart === null ? null : cart - discount, fixedByMerchant: false };
}
