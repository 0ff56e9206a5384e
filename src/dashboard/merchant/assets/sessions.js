// The orders section: search by email, phone, pincode or id, filter by status, payment, refunds and dates, page,
// export as CSV.
import { api, fill, formatTime, h, pager, plural, rupees, say } from '/console/console.js';
import { localDate, zoneInstant } from '/console/format.js';
import { exportOrders } from '/merchant/assets/session-export.js';

const PAGE = 20;
export const PAYMENT = {
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

/** Why nothing was found, with what to type instead when the search looks like the start of an order id. */
function noMatch(q) {
  const partOfId = q !== null && /^[0-9a-f-]{1,7}$/i.test(q) && !/^\d{6}$/.test(q);
  return partOfId
    ? 'No orders match these filters. An order id is found from its first 8 characters.'
    : 'No orders match these filters.';
}

/** The filters last applied in this tab: a reload (a new time zone reloads the page) keeps them. */
const SAVED_FILTERS = 'merchant.orders.filters';
const FILTERS = ['q', 'status', 'payment_method', 'refund_due', 'from', 'to'];

function saveFilters(form) {
  const values = Object.fromEntries(FILTERS.map((name) => [name, form.elements[name].value]));
  sessionStorage.setItem(SAVED_FILTERS, JSON.stringify(values));
}

function restoreFilters(form) {
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SAVED_FILTERS) ?? 'null');
  } catch {
    // Not ours, or damaged: the defaults stand.
  }
  for (const name of FILTERS) if (typeof saved?.[name] === 'string') form.elements[name].value = saved[name];
}

export async function initSessions() {
  const form = document.getElementById('sessions-filter');
  const body = document.getElementById('sessions-body');
  const line = document.getElementById('sessions-status-line');
  form.elements.from.value = localDate(new Date(Date.now() - 29 * 86_400_000));
  form.elements.to.value = localDate(new Date());
  restoreFilters(form);

  /** The API query of the form's filters (dates are whole days in the chosen time zone). */
  function query() {
    const e = form.elements;
    const params = new URLSearchParams({ from: zoneInstant(e.from.value), to: zoneInstant(e.to.value, true) });
    for (const name of ['q', 'status', 'payment_method', 'refund_due'])
      if (e[name].value.trim()) params.set(name, e[name].value.trim());
    return params;
  }

  const list = document.getElementById('sessions-list');
  /** The load in flight: a newer one aborts it, so an older, slower answer never replaces a newer list. */
  let inFlight = null;

  async function load() {
    inFlight?.abort();
    const mine = new AbortController();
    inFlight = mine;
    const params = query();
    params.set('limit', String(PAGE));
    params.set('offset', String(pages.offset));
    busy(true);
    try {
      const page = await api('GET', `/checkout-admin?action=sessions&${params}`, undefined, { signal: mine.signal });
      if (inFlight !== mine) return;
      fill(
        body,
        page.sessions.length === 0
          ? h('tr', {}, h('td', { colspan: 7 }, noMatch(params.get('q'))))
          : page.sessions.map(row),
      );
      pages.show(page.total, page.sessions.length);
      say(line, plural(page.total, 'order'), 'info');
    } catch (err) {
      if (inFlight !== mine) return;
      throw err;
    } finally {
      if (inFlight === mine) {
        inFlight = null;
        busy(false);
      }
    }
  }

  /** While a search runs the rows on screen are an earlier one's: say so, to screen readers too. */
  function busy(on) {
    list.setAttribute('aria-busy', String(on));
    list.classList.toggle('busy', on);
    if (on) say(line, 'Searching…', 'info');
  }

  const reload = () => load().catch((err) => say(line, err.message, 'error'));
  const pages = pager('sessions', PAGE, reload);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    saveFilters(form);
    pages.offset = 0;
    reload();
  });
  document
    .getElementById('sessions-export')
    .addEventListener('click', () =>
      exportOrders(query(), `orders-${form.elements.from.value}-to-${form.elements.to.value}.csv`, line).catch((err) =>
        say(line, `Export stopped: ${err.message}`, 'error'),
      ),
    );
  await load();
}

function row(s) {
  const [payment, tone] = PAYMENT[s.payment.status] ?? [s.payment.status, 'muted'];
  const utm = Object.entries(s.utm)
    .map(([k, v]) => `${k.replace('utm_', '')}=${v}`)
    .join(', ');
  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  return h(
    'tr',
    { 'data-session-id': s.id },
    cell('Created', h('a', { href: `#order/${s.id}` }, formatTime(s.created_at))),
    cell('Buyer', s.email ?? s.buyer_id),
    cell('Status', STATUS[s.status] ?? s.status),
    cell('Pincode', s.pincode ?? '—'),
    h('td', { class: 'num', 'data-label': 'Cart' }, rupees(s.cart_value_paise)),
    cell(
      'Payment',
      h('span', { class: `pill ${tone}` }, payment),
      s.payment.amount_paise !== null ? ` ${rupees(s.payment.amount_paise)}` : '',
      // A payment taken that completed nothing: the merchant owes it back (the order's page says which).
      s.refunds_due > 0
        ? [' ', h('span', { class: 'pill bad' }, s.refunds_due === 1 ? 'refund due' : `${s.refunds_due} refunds due`)]
        : '',
    ),
    cell('UTM', utm || '—'),
  );
}
