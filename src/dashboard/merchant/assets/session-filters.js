// The orders search as filters: read from the form, kept in the tab once applied, and turned into the API's query.
import { localDate, zoneInstant } from '/console/format.js';

/** The filters last applied in this tab: a reload (a new time zone reloads the page) keeps them. */
const SAVED_FILTERS = 'merchant.orders.filters';
const FILTERS = ['q', 'status', 'payment_method', 'refund_due', 'from', 'to'];

/** The last 30 days, as the API's default window, with nothing else narrowing it. */
export function defaultFilters() {
  const filters = Object.fromEntries(FILTERS.map((name) => [name, '']));
  return { ...filters, from: localDate(new Date(Date.now() - 29 * 86_400_000)), to: localDate(new Date()) };
}

/** The filters as the form shows them now (trimmed). */
export function readFilters(form) {
  return Object.fromEntries(FILTERS.map((name) => [name, form.elements[name].value.trim()]));
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
  return filters;
}

/** The API query of `filters`: dates are whole days in the chosen time zone. */
export function searchParams(filters) {
  const params = new URLSearchParams({ from: zoneInstant(filters.from), to: zoneInstant(filters.to, true) });
  for (const name of ['q', 'status', 'payment_method', 'refund_due'])
    if (filters[name]) params.set(name, filters[name]);
  return params;
}

/**
 * True when the filters' To day is not over yet: the list then ends at the server's "now" of its first page (the API
 * fills `to` and echoes it), so orders arriving later cannot push rows onto the next page.
 */
export function openEnded(filters) {
  return Date.parse(zoneInstant(filters.to, true)) >= Date.now();
}
