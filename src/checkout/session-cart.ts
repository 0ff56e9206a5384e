// The amount a session's payment is for: the cart the merchant fixed with its api key wins over what the browser sends.
import { DomainError } from '../kernel/errors.ts';

/** The session fields the cart rules read. */
export interface CartState {
  cart_value_paise: number | null;
  cart_value_source: 'widget' | 'merchant' | null;
}

/** The cart value the merchant's server set (set_session_cart), or null. */
export function merchantCart(s: CartState): number | null {
  return s.cart_value_source === 'merchant' && s.cart_value_paise !== null ? s.cart_value_paise : null;
}

/**
 * What a payment step charges: the merchant's fixed cart when there is one (a different `requested` amount is 409
 * `amount_mismatch`), else `requested`, else null.
 */
export function amountToCharge(s: CartState, requested: number | undefined): number | null {
  const fixed = merchantCart(s);
  if (fixed === null) return requested ?? null;
  if (requested !== undefined && requested !== fixed) throw amountMismatch(requested, fixed);
  return fixed;
}

export function amountMismatch(amount: number, cart: number, extra = ''): DomainError {
  return new DomainError(
    'conflict',
    'amount_mismatch',
    `amount_paise ${amount} differs from the cart value ${cart} the merchant set for this session${extra}`,
    {
      details: { amount_paise: amount, cart_value_paise: cart },
    },
  );
}
