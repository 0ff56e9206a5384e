// The orders section: search by name, email, phone, pincode or id, filter by status, payment, refunds and dates, page,
// export as CSV.
import { api, fill, h, pager, plural, say } from '/console/console.js';
import { checkDates, usableDays } from '/merchant/assets/session-dates.js';
import { exportOrders } from '/merchant/assets/session-export.js';
import { newerOrders } from '/merchant/assets/session-newer.js';
import { ORDER_LOADED, orderRow } from '/merchant/assets/session-row.js';
import { nothingFound, scopeNote } from '/merchant/assets/session-scope.js';
import {
  allDatesReason,
  defaultFilters,
  openEnded,
  readFilters,
  sameFilters,
  saveFilters,
  savedFilters,
  searchParams,
  writeFilters,
} from '/merchant/assets/session-filters.js';

const PAGE = 20;
const messageRow = (words) => h('tr', {}, h('td', { colspan: 7 }, words));

export async function initSessions() {
  const form = document.getElementById('sessions-filter');
  const body = document.getElementById('sessions-body');
  const line = document.getElementById('sessions-status-line');
  const pending = document.getElementById('sessions-pending');
  const scope = document.getElementById('sessions-scope');
  /** The filters the list shows: those last applied. Paging and the export use them, not the form as typed. */
  let applied = savedFilters();
  if (!usableDays(applied)) applied = defaultFilters();
  writeFilters(form, applied);
  /** The newest instant the list shows, from the server's answer to its first page; null until then. */
  let pinnedTo = null;

  /** The applied filters' query, ending at the pinned instant (or, before there is one, at the server's now). */
  function listParams() {
    const params = searchParams(applied);
    if (pinnedTo) params.set('to', pinnedTo);
    else if (openEnded(applied)) params.delete('to');
    return params;
  }

  // An order opened (a refund recorded on it since) reads as it is now when the person goes back to the list.
  document.addEventListener(ORDER_LOADED, (event) => {
    const s = event.detail;
    body.querySelector(`tr[data-session-id="${s.id}"]`)?.replaceWith(orderRow(s));
  });

  const list = document.getElementById('sessions-list');
  /** The load in flight: a newer one aborts it, so an older, slower answer never replaces a newer list. */
  let inFlight = null;

  async function load() {
    inFlight?.abort();
    const mine = new AbortController();
    inFlight = mine;
    const params = listParams();
    const pinning = !pinnedTo && !params.has('to');
    params.set('limit', String(PAGE));
    params.set('offset', String(pages.offset));
    busy(true);
    try {
      const page = await api('GET', `/checkout-admin?action=sessions&${params}`, undefined, { signal: mine.signal });
      if (inFlight !== mine) return;
      if (pinning) pinnedTo = page.to;
      else if (pinnedTo) newer.check();
      const found = page.sessions.map(orderRow);
      fill(body, found.length ? found : messageRow(nothingFound(applied, () => widen('all'))));
      const note = scopeNote(applied, () => widen('window'));
      fill(scope, note);
      scope.hidden = !note;
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

  /** Rows under a message would pass for its answer: a failed or refused search empties the list. */
  const emptyList = (words) => {
    inFlight?.abort();
    inFlight = null;
    busy(false);
    fill(body, messageRow(words));
    pages.show(0, 0);
    scope.hidden = true;
  };
  const failed = (err) => {
    emptyList('The orders could not be listed.');
    say(line, `Could not list the orders: ${err.message}. Try again.`, 'error');
  };
  const reload = () => load().catch(failed);
  const pages = pager('sessions', PAGE, reload);
  /** A new search, or the same one again from its newest order: pinned anew by its first page. */
  const restart = () => {
    pinnedTo = null;
    newer.hide();
    pages.offset = 0;
    reload();
  };
  const newer = newerOrders(document.getElementById('sessions-newer'), {
    params: listParams,
    pinnedTo: () => pinnedTo,
    end: () => (openEnded(applied) ? null : searchParams(applied).get('to')),
    show: restart,
  });
  /** The same filters over all dates, or over the form's only. */
  const widen = (dates) => {
    applied = { ...applied, scope: dates };
    saveFilters(applied);
    restart();
  };
  /** Dates the form refused: nothing is searched, and the list says why instead of showing an older search. */
  let refused = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    refused = !checkDates(form);
    if (refused) {
      newer.hide();
      pending.hidden = true;
      emptyList('Fix the dates above to list orders.');
      say(line, 'Check the dates: nothing was searched.', 'error');
      return;
    }
    applied = readFilters(form);
    saveFilters(applied);
    showPending();
    restart();
  });
  /** Filters changed but not applied: the list (and its export) still shows the applied ones, and says so. */
  const showPending = () => {
    pending.hidden = refused || sameFilters(readFilters(form), applied);
  };
  form.addEventListener('input', showPending);
  form.addEventListener('change', (event) => {
    showPending();
    // A date fixed after a refusal loses its message at once; a new mistake waits for Apply.
    if (event.target.type === 'date' && event.target.hasAttribute('aria-invalid')) checkDates(form, { focus: false });
  });
  const exportButton = document.getElementById('sessions-export');
  exportButton.addEventListener('click', async () => {
    // One file at a time: aria-disabled rather than disabled keeps the keyboard user's focus on the button.
    if (exportButton.getAttribute('aria-disabled') === 'true') return;
    if (refused) return say(line, 'Fix the dates above and Apply: there is no list to export yet.', 'error');
    const dates = allDatesReason(applied) ? 'all-dates' : `${applied.from}-to-${applied.to}`;
    exportButton.setAttribute('aria-disabled', 'true');
    try {
      await exportOrders(listParams(), `orders-${dates}.csv`, line);
    } catch (err) {
      say(line, `Export stopped: ${err.message}`, 'error');
    } finally {
      exportButton.removeAttribute('aria-disabled');
    }
  });
  // The page's first list fails as a later one does: said in the list, not left "Searching…".
  await load().catch((err) => {
    failed(err);
    throw err;
  });
}
