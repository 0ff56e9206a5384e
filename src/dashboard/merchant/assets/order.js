// One order's page (#order/<id>): payment, the address with its pin on a map, and everything that happened, in order.
import { api, fill, formatTime, h, isolated, rupees } from '/console/console.js';
import { formatPhone } from '/console/format.js';
import { deliveryDetail, notSent, statePill } from '/merchant/assets/delivery-detail.js';
import { orderMap } from '/merchant/assets/order-map.js';
import { refunds } from '/merchant/assets/order-refunds.js';
import { timeline } from '/merchant/assets/order-timeline.js';
import { amountFromPage, amountNote, ORDER_LOADED, paymentWords, STATUS } from '/merchant/assets/session-row.js';

export async function showOrder(sessionId) {
  const body = document.getElementById('order-body');
  const title = document.getElementById('order-title');
  title.textContent = 'Order';
  fill(body, h('p', { class: 'status' }, 'Loading the order…'));
  let order;
  try {
    order = await api('GET', `/checkout-admin?action=session&session_id=${sessionId}`);
  } catch (err) {
    // In place of "Loading…", which would otherwise stay under the error.
    fill(body, h('p', { class: 'status error', role: 'alert' }, `Could not load the order: ${err.message}`));
    return;
  }
  const s = order.session;
  document.dispatchEvent(new CustomEvent(ORDER_LOADED, { detail: s }));
  title.textContent = `Order of ${s.email ?? s.buyer_id}`;
  fill(
    body,
    summary(s, order.cod_now),
    amountSource(s),
    refunds(order.orders, () => showOrder(sessionId)),
    h('h3', {}, 'Address'),
    address(order.address),
    h('h3', {}, 'Timeline'),
    timeline(order.timeline),
    h('h3', {}, 'Webhooks about this order'),
    order.webhooks.length === 0
      ? h('p', { class: 'hint' }, 'No webhooks were sent about this order.')
      : h('div', {}, unsent(order.webhooks), order.webhooks.map(webhook)),
  );
}

/** What the widget tells this order's buyer about cash on delivery now, in the shop owner's words. */
function codWords(c) {
  const settings = h('a', { href: '#settings' }, 'Settings');
  switch (c.reason) {
    case null:
      return ['available to the buyer now'];
    case 'cod_disabled':
      return ['not offered: it is off for your shop (', settings, ')'];
    case 'cart_value_exceeds_limit':
      return [
        `not offered: the cart (${rupees(c.cart_value_paise)}) is above your limit of `,
        `${rupees(c.cod_max_cart_value_paise)} (`,
        settings,
        ')',
      ];
    case 'cart_value_unknown':
      return ['not offered yet: you set a COD limit and the cart value is not known'];
    case 'pincode_unknown':
      return ['not offered until the buyer gives an address (you block some pincodes)'];
    case 'pincode_blocked':
      return [`not offered: pincode ${c.pincode} is on your list without COD (`, settings, ')'];
    default:
      return [`not offered (${c.reason})`];
  }
}

function summary(s, cod) {
  const item = (term, ...value) => h('div', {}, h('dt', {}, term), h('dd', {}, ...value));
  const utm = Object.entries(s.utm).map(([k, v]) => `${k.replace('utm_', '')}=${v}`);
  return h(
    'dl',
    { class: 'facts' },
    item('Order reference', h('code', {}, s.id.slice(0, 8)), ' (shown to the buyer)'),
    item('Order id', h('code', {}, s.id)),
    item('Created', formatTime(s.created_at)),
    item('Status', STATUS[s.status] ?? s.status),
    item('Cart', rupees(s.cart_value_paise), amountNote(s)),
    item('Payment', paymentWords(s, { withOffer: false })),
    cod ? item('Cash on delivery', ...codWords(cod)) : null,
    s.payment.offer
      ? item('Offer', isolated(s.payment.offer.title), `: ${rupees(s.payment.offer.discount_paise)} off the cart`)
      : null,
    s.payment.gateway_payment_id ? item('Gateway payment', h('code', {}, s.payment.gateway_payment_id)) : null,
    s.payment.gateway_order_id ? item('Gateway order', h('code', {}, s.payment.gateway_order_id)) : null,
    // Cash on delivery is recorded when the order is placed; the cash comes later.
    s.payment.paid_at
      ? item(s.payment.method === 'cod' ? 'Placed at' : 'Paid at', formatTime(s.payment.paid_at))
      : null,
    item('Campaign', utm.length ? utm.join(', ') : '—'),
  );
}

/** Why the amount deserves a look: the widget's amount-paise is part of the store page, which a buyer can edit. */
function amountSource(s) {
  if (!amountFromPage(s)) return null;
  const amount = rupees(s.payment.amount_paise ?? s.cart_value_paise);
  return h(
    'p',
    { class: 'notice info amount-source' },
    'This amount came from your store page (the widget’s amount-paise), not from your server, and a buyer can change ',
    `it in their browser. Check that ${amount} is what this order should cost before you ship it. `,
    h('a', { href: '#integration' }, 'How to fix amounts on your server'),
  );
}

function address(a) {
  if (!a) return h('p', { class: 'hint' }, 'The buyer has not given an address yet.');
  const lines = [
    a.name,
    [a.flat_number, a.building_name].filter(Boolean).join(', '),
    [a.street_name, a.locality, a.landmark].filter(Boolean).join(', '),
    [a.city ?? a.district, a.state, a.pincode].filter(Boolean).join(', '),
    // A link on a phone calls the buyer with one tap.
    a.phone && h('a', { href: `tel:${a.phone}` }, formatPhone(a.phone)),
  ].filter(Boolean);
  const pinned = a.latitude !== null && a.longitude !== null;
  const agrees = a.pin_pincode === a.pincode;
  return h(
    'div',
    { class: 'address-grid' },
    h(
      'div',
      {},
      h(
        'address',
        {},
        lines.flatMap((line, i) => (i === 0 ? [line] : [h('br'), line])),
      ),
      h(
        'dl',
        { class: 'facts' },
        h('div', {}, h('dt', {}, 'Geopin'), h('dd', {}, h('code', {}, a.geopin ?? '—'))),
        pinned
          ? h('div', {}, h('dt', {}, 'Pin'), h('dd', {}, `${a.latitude.toFixed(6)}, ${a.longitude.toFixed(6)}`))
          : null,
        pinned
          ? h(
              'div',
              {},
              h('dt', {}, 'Pin falls in'),
              h(
                'dd',
                {},
                h(
                  'span',
                  { class: `pill ${agrees ? 'ok' : 'warn'}` },
                  a.pin_pincode ? `pincode ${a.pin_pincode}` : 'no pincode area',
                ),
                agrees ? '' : ` (the address says ${a.pincode})`,
              ),
            )
          : null,
      ),
    ),
    pinned ? orderMap(a) : h('p', { class: 'hint' }, 'No pin yet: it is set when the buyer completes the address.'),
  );
}

/** Said once, not as a red mark on each event: the shop had no webhook URL, so these were never sent. */
function unsent(webhooks) {
  if (!webhooks.some(notSent)) return null;
  return h(
    'p',
    { class: 'hint' },
    'No webhook URL was set when these events happened, so they were not sent. ',
    h('a', { href: '#settings' }, 'Set one in Settings'),
    '; the webhook log can then send them.',
  );
}

function webhook(d) {
  return h(
    'details',
    { class: 'webhook' },
    h(
      'summary',
      {},
      h('strong', {}, d.event),
      ' ',
      statePill(d),
      ` · ${d.attempts} attempt${d.attempts === 1 ? '' : 's'} · ${formatTime(d.created_at)}`,
    ),
    deliveryDetail(d),
  );
}
