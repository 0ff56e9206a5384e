// The orders form's From and To checked before a search: a message under the field, never a server's or a script's.
import { formatDay } from '/console/format.js';

const FIRST_DAY = '2000-01-01';

/** What is wrong with the day in a date box, or null: empty, a year not of four digits, or out of range. */
function problem(day, lastDay) {
  if (!day) return 'Enter a date.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < FIRST_DAY || day > lastDay)
    return `Enter a date from ${formatDay(FIRST_DAY)} to ${formatDay(lastDay)}.`;
  return null;
}

/** Shows `text` under the field (or clears it), tied to it for screen readers. */
function mark(input, text) {
  const note = document.getElementById(`${input.id}-error`);
  note.textContent = text ?? '';
  note.hidden = !text;
  if (text) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', note.id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

/** Checks From and To of `form`, marks each field's problem and focuses the first; true when both are good. */
export function checkDates(form, { focus = true } = {}) {
  const { from, to } = form.elements;
  const lastDay = `${new Date().getFullYear() + 1}-12-31`;
  const fromProblem = problem(from.value, lastDay);
  const toProblem = problem(to.value, lastDay);
  const order =
    !fromProblem && !toProblem && from.value > to.value
      ? `From must be on or before To (${formatDay(to.value)}).`
      : null;
  mark(from, fromProblem ?? order);
  mark(to, toProblem);
  const first = fromProblem || order ? from : toProblem ? to : null;
  if (first && focus) first.focus();
  return first === null;
}

/** True when both days are ones a search can use: saved filters from an older page may not be. */
export function usableDays(filters) {
  const lastDay = `${new Date().getFullYear() + 1}-12-31`;
  return !problem(filters.from, lastDay) && !problem(filters.to, lastDay) && filters.from <= filters.to;
}
