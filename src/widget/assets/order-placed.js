// The last step: the order placed, how it is paid and where it goes; for an order this checkout had placed already (in
// another tab, or by a payment whose answer this tab lost), said so, with a new checkout as the way on.
import { addressText } from './address-book.js';
import { h, rupees } from './dom.js';

/** How the order is paid, in the buyer's words (`payment_method` null: Mode A, the shop takes payment itself). */
function paidText(payment) {
  const paise = payment.amount_paise ?? null;
  if (payment.payment_method === 'cod')
    return `Pay ${paise === null ? 'in cash' : `${rupees(paise)} in cash`} when it arrives.`;
  if (payment.payment_method === 'gateway')
    return paise === null ? 'It is paid.' : `Payment of ${rupees(paise)} received.`;
  return 'The shop will confirm payment with you.';
}

/** The completion's payment fields from session_status or a session_already_paid refusal (payment_method, payment). */
export function placedPayment({ payment_method: method = null, payment: paid = null }) {
  const payment = { payment_method: method, amount_paise: paid?.amount_paise ?? null };
  if (method !== 'gateway') return payment;
  return { ...payment, gateway_order_id: paid.gateway_order_id, gateway_payment_id: paid.gateway_payment_id };
}

/**
 * `earlier`, for an order placed before this tab asked: `{refundPaise}` (this tab's own payment, taken and not used),
 * and `onNewCheckout()`, which starts another checkout at the sign-in. `address` is shown when this tab has it whole;
 * `sessionId`'s first 8 characters are the order's reference (the shop's console finds the order by them).
 */
export function orderPlaced({ payment, geopin, sessionId, address = null, earlier = null }) {
  const how = earlier && !payment.payment_method ? '' : ` ${paidText(payment)}`;
  const refund = earlier?.refundPaise
    ? `Your payment of ${rupees(earlier.refundPaise)} here was not used for it; the shop will refund it.`
    : 'Nothing more was ordered or charged.';
  return h(
    'div',
    { class: 'gc-done', 'data-payment-method': payment.payment_method ?? 'none' },
    earlier
      ? [h('p', {}, `This checkout's order was already placed, in this tab or another one.${how}`), h('p', {}, refund)]
      : h('p', {}, `Thank you! Your order is placed.${how}`),
    address?.pincode
      ? h('p', {}, 'Delivering to ', h('strong', {}, address.name ?? ''), `: ${addressText(address)}`)
      : null,
    geopin ? h('p', { class: 'gc-hint' }, 'Delivery to geopin ', h('span', { class: 'gc-mono' }, geopin)) : null,
    h('p', { class: 'gc-hint' }, 'Order reference ', h('span', { class: 'gc-mono' }, sessionId.slice(0, 8))),
    earlier
      ? h(
          'div',
          { class: 'gc-actions' },
          h(
            'button',
            { type: 'button', class: 'gc-secondary', onclick: earlier.onNewCheckout },
            'Start a new checkout',
          ),
        )
      : null,
  );
}
