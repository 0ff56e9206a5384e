// An order in words: its status, what was paid and what is owed back, as the list's row and the order's page say it.
import { formatTime, h, isolated, rupees } from '/console/console.js';

const PAYMENT = {
  paid: ['paid online', 'ok'],
  cod: ['cash on delivery', 'ok'],
  order_created: ['order created, unpaid', 'warn'],
  none: ['no payment', 'muted'],
};
export const STATUS = {
  verified: 'verified',
  address_completed: 'address given',
  completed: 'completed',
  abandoned: 'abandoned',
};

/**
 * The payment's pill and amount (and the offer taken off the cart, unless shown apart), then what the merchant owes
 * back. A payment the gateway took that completed nothing leaves the order unpaid, yet the money was taken: it says so
 * rather than "unpaid".
 */
export function paymentWords(s, { withOffer = true } = {}) {
  const owed = s.refunds_due > 0;
  const unpaid = s.payment.status === 'order_created' || s.payment.status === 'none';
  if (owed && unpaid) return [h('span', { class: 'pill bad' }, 'payment taken, not completed'), ' · ', refundDue(s)];
  const [label, tone] = PAYMENT[s.payment.status] ?? [s.payment.status, 'muted'];
  const offer = withOffer ? s.payment.offer : null;
  return [
    h('span', { class: `pill ${tone}` }, label),
    s.payment.amount_paise === null ? '' : ` ${rupees(s.payment.amount_paise)}`,
    // The offer the amount took off the cart: a discount, not an amount someone changed.
    ...(offer
      ? [
          ' · ',
          h('span', { class: 'offer-paid' }, 'offer ', isolated(offer.title), ` −${rupees(offer.discount_paise)}`),
        ]
      : []),
    ...(owed ? [' · ', refundDue(s)] : []),
  ];
}

/** Said where an order's amount shows when the buyer's browser, not the merchant's server, chose it. */
export const AMOUNT_FROM_PAGE = 'Amount set by the store page — check it matches the order';

/**
 * Whether the order's amount came from the store page (the widget's amount-paise, which a buyer can edit) rather than
 * the merchant's server (set_session_cart): an order with no amount at all has nothing to check.
 */
export function amountFromPage(s) {
  return s.cart_value_source !== 'merchant' && (s.cart_value_paise !== null || s.payment.amount_paise !== null);
}

export function amountNote(s) {
  return amountFromPage(s) ? h('span', { class: 'amount-note' }, AMOUNT_FROM_PAGE) : null;
}

function refundDue(s) {
  const what = s.refunds_due === 1 ? 'refund due' : `${s.refunds_due} refunds due`;
  return h('span', { class: 'pill bad' }, `${what} ${rupees(s.refund_due_paise)}`);
}

/** Who the order ships to, then the email the buyer signed in with (or their id). */
function buyerWords(s) {
  const who = s.email ?? s.buyer_id;
  const name = s.ship_to?.name?.trim();
  return name ? [h('span', { class: 'ship-name' }, name), h('span', { class: 'buyer-email' }, who)] : [who];
}

/** Dispatched on document with an order's session as its page last loaded it: the list's row of it is redrawn. */
export const ORDER_LOADED = 'merchant:order-loaded';

/** One order of the list; its time links to the order's page. */
export function orderRow(s) {
  const utm = Object.entries(s.utm)
    .map(([k, v]) => `${k.replace('utm_', '')}=${v}`)
    .join(', ');
  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  const typed = (label, ...content) => h('td', { 'data-label': label, class: 'user-text' }, ...content);
  return h(
    'tr',
    { 'data-session-id': s.id },
    cell(
      'Created',
      h('a', { href: `#order/${s.id}` }, formatTime(s.created_at)),
      // The reference the widget showed the buyer, which they quote.
      h('span', { class: 'order-ref' }, 'ref ', h('code', {}, s.id.slice(0, 8))),
    ),
    typed('Buyer', ...buyerWords(s)),
    cell('Status', STATUS[s.status] ?? s.status),
    cell('Pincode', s.pincode ?? '—'),
    h('td', { class: 'num', 'data-label': 'Cart' }, rupees(s.cart_value_paise), amountNote(s)),
    cell('Payment', paymentWords(s)),
    typed('UTM', utm || '—'),
  );
}
