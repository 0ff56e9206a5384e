// The orders section: search by email, phone, pincode or id, filter by status, payment, refunds and dates, page,
// export as CSV.
import { api, downloadFile, fill, formatNumber, formatTime, h, pager, plural, rupees, say } from '/console/console.js';
import { toCsv } from '/console/csv.js';
import { localDate, zoneInstant } from '/console/format.js';

const PAGE = 20;
/** Rows one export fetches at most: 50 pages of the API's largest page. */
const EXPORT_ROWS = 10_000;
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
      exportCsv(query(), form.elements.from.value, form.elements.to.value, line).catch((err) =>
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

const CSV_HEADER = [
  'order_id',
  'created_at',
  'created',
  'email',
  'status',
  'pincode',
  'cart_rupees',
  'payment_method',
  'payment_status',
  'amount_rupees',
  'gateway_order_id',
  'gateway_payment_id',
  'paid_at',
  'utm_source',
  'utm_medium',
  'utm_campaign',
];
const asRupees = (paise) => (paise === null ? '' : (paise / 100).toFixed(2));

/** Every order the filters match (up to EXPORT_ROWS), fetched a page at a time, saved as one CSV file. */
async function exportCsv(params, from, to, line) {
  const rows = [];
  for (let offset = 0; offset < EXPORT_ROWS; offset += 200) {
    params.set('limit', '200');
    params.set('offset', String(offset));
    const page = await api('GET', `/checkout-admin?action=sessions&${params}`);
    for (const s of page.sessions) {
      rows.push([
        s.id,
        s.created_at,
        formatTime(s.created_at),
        s.email,
        s.status,
        s.pincode,
        asRupees(s.cart_value_paise),
        s.payment.method ?? '',
        s.payment.status,
        asRupees(s.payment.amount_paise),
        s.payment.gateway_order_id,
        s.payment.gateway_payment_id,
        s.payment.paid_at,
        s.utm.utm_source,
        s.utm.utm_medium,
        s.utm.utm_campaign,
      ]);
    }
    say(line, `Exporting… ${plural(rows.length, 'order')} of ${formatNumber(page.total)}`);
    if (offset + page.sessions.length >= page.total) break;
  }
  downloadFile(`orders-${from}-to-${to}.csv`, toCsv(CSV_HEADER, rows));
  say(line, `Exported ${plural(rows.length, 'order')}`, 'ok');
}
