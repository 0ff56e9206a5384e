// An order's timeline in words: what happened, when, and where it was seen, without the API's codes.
import { formatTime, h, rupees } from '/console/console.js';
import { NOT_CONFIGURED } from '/merchant/assets/delivery-detail.js';

const SOURCE_NAMES = { session: 'checkout', payment: 'payment', widget: 'widget', webhook: 'webhook' };

/** The server's event codes as the merchant reads them; webhook events keep their names (the merchant's server's). */
const EVENT_WORDS = {
  verified: 'buyer verified',
  address_completed: 'address given',
  completed: 'order completed',
  abandoned: 'abandoned',
  order_created: 'gateway order created',
  payment_verified: 'paid online',
  payment_found: 'payment found at the gateway',
  cod_recorded: 'cash on delivery chosen',
  payment_refused: 'payment taken, not completed',
  refund_recorded: 'refund recorded',
};

/** Why a payment the gateway took completed nothing. */
export const REFUSED_BECAUSE = {
  session_already_paid: 'the order was already paid',
  amount_mismatch: 'it did not match the cart you set',
};

const words = (code) => code.replace(/_/g, ' ');

function eventWords(t) {
  if (t.source === 'webhook') return t.event;
  return EVENT_WORDS[t.event] ?? words(t.event);
}

/** The detail with rupees for paise, a refused payment's reason and a missing webhook URL in words. */
function detailWords(detail) {
  return detail
    .replace(/(\d+) paise/g, (_m, p) => rupees(Number(p)))
    .replace(/^(\S+) \((\w+)\): refund it$/, (_m, id, why) => `${id}: ${REFUSED_BECAUSE[why] ?? words(why)}; refund it`)
    .replace(`${NOT_CONFIGURED} (failed)`, 'not sent: no webhook URL was set');
}

/** The timeline as a list, oldest first. */
export function timeline(entries) {
  return h(
    'ol',
    { class: 'timeline' },
    entries.map((t) =>
      h(
        'li',
        { class: `timeline-item source-${t.source}`, 'data-event': t.event },
        h('time', { datetime: t.at }, formatTime(t.at)),
        h('span', { class: 'pill muted' }, SOURCE_NAMES[t.source] ?? t.source),
        h('strong', {}, eventWords(t)),
        t.detail ? h('span', { class: 'timeline-detail' }, detailWords(t.detail)) : null,
      ),
    ),
  );
}
