// The payment refusals a buyer's page and a merchant's server act on: paid already, COD already recorded, a cart
// changed while COD was recorded.
import { DomainError } from '../kernel/errors.ts';
import type { SessionAtPayment } from './ports.ts';
import type { SessionPaymentRow } from './repository.ts';

/**
 * COD recorded already: the same answer when asked again for that amount (or none), a refusal for another amount,
 * which was not recorded and must not look as if it were.
 */
export function sameCod(recorded: SessionPaymentRow, amountPaise: number | undefined) {
  if (amountPaise !== undefined && recorded.amount_paise !== null && amountPaise !== recorded.amount_paise)
    throw new DomainError(
      'conflict',
      'amount_mismatch',
      `Cash on delivery is already recorded for this session at ${recorded.amount_paise} paise, not ${amountPaise}`,
      // What placed the order, as session_already_paid names it: another tab with another cart shows that order.
      { details: { amount_paise: recorded.amount_paise, ...placedBy(recorded) } },
    );
  return { payment_method: 'cod' as const };
}

export function codMismatch(amount: number | null, current: SessionAtPayment): DomainError {
  return new DomainError(
    'conflict',
    'amount_mismatch',
    `The merchant set this session's cart value to ${current.cart_value_paise} paise while COD was being recorded for ${amount ?? 'an unknown amount'}; check again`,
    {
      details: { amount_paise: amount, cart_value_paise: current.cart_value_paise },
    },
  );
}

export function alreadyPaid(existing: SessionPaymentRow): DomainError {
  return new DomainError(
    'conflict',
    'session_already_paid',
    existing.payment_method === 'cod'
      ? "This checkout's order was already placed, with cash on delivery"
      : `This checkout's order was already placed and paid online (${existing.gateway_payment_id})`,
    {
      // What placed it, so another tab, or one that lost that answer, can show the order as placed.
      details: placedBy(existing),
    },
  );
}

/** The payment that placed a session's order, as refusals name it (cash on delivery: no gateway ids). */
function placedBy(existing: SessionPaymentRow) {
  return {
    payment_method: existing.payment_method,
    payment: {
      gateway_order_id: existing.gateway_order_id,
      gateway_payment_id: existing.gateway_payment_id,
      amount_paise: existing.amount_paise,
    },
  };
}
