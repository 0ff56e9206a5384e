// The orders search as filters: read from the form, kept in the tab once applied, and turned into the API's query.
import { localDate, zoneInstant } from '/console/format.js';

/** The filters last applied in this tab: a reload (a new time zone reloads the page) keeps them. */
const SAVED_FILTERS = 'merchant.orders.filters';
const FILTERS = ['q', 'status', 'payment_method', 'refund_due', 'from', 'to'];

/** Where "all dates" starts: before any shop's first order. */
const ALL_DATES_FROM = '2000-01-01T00:00:00.000Z';

/**
 * The last 30 days, as the API's default window, with nothing else narrowing it. `scope` says which dates a search
 * reads: `auto` (the form's, or all of them for an exact identifier or refunds due), `all`, or `window` (the form's).
 */
export function defaultFilters() {
  const filters = Object.fromEntries(FILTERS.map((name) => [name, '']));
  const from = localDate(new Date(Date.now() - 29 * 86_400_000));
  return { ...filters, from, to: localDate(new Date()), scope: 'auto' };
}

/** The filters as the form shows them now (trimmed), to be searched in the dates they call for. */
export function readFilters(form) {
  const filters = Object.fromEntries(FILTERS.map((name) => [name, form.elements[name].value.trim()]));
  return { ...filters, scope: 'auto' };
}

/**
 * A whole email, a phone (ten digits or more, as a courier quotes it), a gateway order or payment id (as the API
 * matches them), a whole order id, or the order reference the buyer was shown (its first 8 characters, "#" or not):
 * one buyer or order.
 */
export function exactIdentifier(q) {
  return (
    /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(q) ||
    (/^[+\d\s().-]+$/.test(q) && q.replace(/\D/g, '').length >= 10) ||
    /^(order|pay)_[A-Za-z0-9]{6,40}$/.test(q) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q) ||
    ORDER_REFERENCE.test(q)
  );
}

/** The order reference the widget shows a buyer ("Order reference 09762158"), as a buyer may quote it. */
const ORDER_REFERENCE = /^#?[0-9a-f]{8}$/i;

/**
 * Why the search reads every date, or null when it keeps to the form's: an identifier names an order whatever its
 * date, and a refund is owed however old it is.
 */
export function allDatesReason(filters) {
  if (filters.scope === 'window') return null;
  if (filters.scope === 'all') return 'asked';
  if (exactIdentifier(filters.q)) return 'identifier';
  return filters.refund_due === 'true' ? 'refund' : null;
}

export function writeFilters(form, filters) {
  for (const name of FILTERS) form.elements[name].value = filters[name];
}

export function sameFilters(a, b) {
  return FILTERS.every((name) => a[name] === b[name]);
}

export function saveFilters(filters) {
  sessionStorage.setItem(SAVED_FILTERS, JSON.stringify(filters));
}

/** The filters saved in this tab over the defaults, or the defaults. */
export function savedFilters() {
  const filters = defaultFilters();
  let saved = null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SAVED_FILTERS) ?? 'null');
  } catch {
    // Not ours, or damaged: the defaults stand.
  }
  for (const name of FILTERS) if (typeof saved?.[name] === 'string') filters[name] = saved[name];
  if (['all', 'window'].includes(saved?.scope)) filters.scope = saved.scope;
  return filters;
}

/** The API query of `filters`: dates are whole days in the chosen time zone. */
export function searchParams(filters) {
  const all = allDatesReason(filters) !== null;
  const params = new URLSearchParams({
    from: all ? ALL_DATES_FROM : zoneInstant(filters.from),
    to: zoneInstant(filters.to, true),
  });
  for (const name of ['q', 'status', 'payment_method', 'refund_due'])
    if (filters[name]) params.set(name, filters[name]);
  // "#09762158": the reference without the mark the buyer may quote it with.
  if (ORDER_REFERENCE.test(filters.q)) params.set('q', filters.q.replace(/^#/, ''));
  return params;
}

/**
 * True when the filters' To day is not over yet: the list then ends at the server's "now" of its first page (the API
 * fills `to` and echoes it), so orders arriving later cannot push rows onto the next page.
 */
export function openEnded(filters) {
  if (allDatesReason(filters) !== null) return true;
  // A From day not begun yet (today in IST is tomorrow in UTC): "now" would end the list before it starts.
  const now = Date.now();
  return Date.parse(zoneInstant(filters.from)) <= now && Date.parse(zoneInstant(filters.to, true)) >= now;
}
