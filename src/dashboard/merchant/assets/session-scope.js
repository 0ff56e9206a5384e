// Which dates an orders search read, said beside the list, with the one click that widens or narrows them.
import { h } from '/console/console.js';
import { formatDay } from '/console/format.js';
import { allDatesReason } from '/merchant/assets/session-filters.js';

const WHY = {
  identifier:
    'Searched all dates: an exact email, phone, order reference, order id or payment id is looked for whatever its ' +
    'date.',
  refund: 'Refunds due are listed from all dates: money owed does not expire with the date filter.',
  asked: 'Searched all dates.',
};

const span = (filters) => `${formatDay(filters.from)} – ${formatDay(filters.to)}`;

/** The note over a list that read all dates, with a button back to the form's dates; null for the form's dates. */
export function scopeNote(filters, onlyWindow) {
  const why = allDatesReason(filters);
  if (!why) return null;
  const button = h(
    'button',
    { type: 'button', class: 'secondary small', onclick: onlyWindow },
    `Only ${span(filters)}`,
  );
  return [WHY[why], ' ', button];
}

/** Why a search found nothing: a part of an order id says how much to type; the form's dates offer all dates. */
export function nothingFound(filters, searchAll) {
  const q = filters.q;
  const partOfId = /^[0-9a-f-]{1,7}$/i.test(q) && !/^\d{6}$/.test(q);
  const words = partOfId
    ? 'No orders match these filters. An order id is found from its first 8 characters.'
    : 'No orders match these filters.';
  if (allDatesReason(filters)) return words;
  return [
    words,
    h('br'),
    `Only ${span(filters)} was searched: the dates may hide the order. `,
    h('button', { type: 'button', class: 'secondary small', onclick: searchAll }, 'Search all dates'),
  ];
}
