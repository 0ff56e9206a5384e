// The offer form's problems in the shop owner's words: what the page checks before sending, what the server refused.
import { h } from '/console/console.js';
import { issuesByField } from '/console/field-errors.js';
import { localDate } from '/console/format.js';

/** The form field each API field is typed in. */
const FIELD_OF = {
  title: 'title',
  description: 'title',
  discount_type: 'type',
  discount_value: 'value',
  min_cart_value_paise: 'min',
  utm_rules: 'campaign',
  priority: 'priority',
  starts_at: 'starts',
  ends_at: 'ends',
  active: 'active',
};

const percent = (form) => form.elements.type.value === 'percent';
const HIDDEN_CHARACTER = 'It holds a hidden character (a tab or a line break): type it again.';

/** What the browser checks (the form is `novalidate`), said per field. */
export const BROWSER_WORDS = {
  title: () => 'Give the offer a title.',
  value: (input) =>
    percent(input.form)
      ? 'A percent discount is a whole number from 1 to 99.'
      : 'Enter the discount in rupees, for example 150 or 99.50.',
  min: () => 'Enter the minimum cart in rupees, for example 499, or leave it empty.',
  priority: () => 'Priority is a whole number from -1000 to 1000.',
  starts: () => 'Enter a day, or leave it empty to show the offer from now.',
  ends: () => 'Enter a day, or leave it empty to show the offer until it is switched off.',
};

/** What the browser cannot check: a title of spaces only, and a last day before the first. */
export function formProblems(form) {
  const e = form.elements;
  return [
    [e.title, e.title.value.trim() ? null : 'Give the offer a title.'],
    [
      e.ends,
      e.starts.value && e.ends.value && e.ends.value < e.starts.value
        ? 'The last day must be on or after the first day (Show from).'
        : null,
    ],
  ];
}

/** The server's refusal as [input, words] pairs, one per field it named. */
export function refusedOffer(err, form) {
  const words = {
    title: ([issue]) => (/control/.test(issue.message) ? HIDDEN_CHARACTER : 'Give the offer a title.'),
    discount_value: ([issue]) =>
      /at most 99/.test(issue.message)
        ? 'A percent discount is at most 99% (100% would leave nothing to pay).'
        : BROWSER_WORDS.value(form.elements.value),
    min_cart_value_paise: () => BROWSER_WORDS.min(),
    utm_rules: ([issue]) =>
      /control/.test(issue.message) ? HIDDEN_CHARACTER : 'Enter the campaign name as it is in links.',
    priority: () => BROWSER_WORDS.priority(),
    starts_at: () => BROWSER_WORDS.starts(),
    ends_at: ([issue]) =>
      /before ends_at/.test(issue.message)
        ? 'The last day must be on or after the first day (Show from).'
        : BROWSER_WORDS.ends(),
  };
  return [...issuesByField(err)]
    .map(([name, issues]) => [form.elements[FIELD_OF[name]], words[name]?.(issues) ?? issues[0].message])
    .filter(([input]) => input);
}

/**
 * Says under Show until, as it is typed, that the day chosen has passed: a warning, not a refusal (an offer may be
 * saved switched on for the record). Returns the check, for a value set by the page.
 */
export function watchEndDay(input) {
  const note = h('p', { class: 'field-warning', id: 'offer-ends-past', hidden: true });
  note.textContent = 'This day has passed: buyers will not see the offer.';
  input.after(note);
  const update = () => {
    const past = Boolean(input.value) && input.value < localDate(new Date());
    note.hidden = !past;
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== note.id);
    if (past) ids.push(note.id);
    if (ids.length) input.setAttribute('aria-describedby', ids.join(' '));
    else input.removeAttribute('aria-describedby');
  };
  input.addEventListener('input', update);
  input.addEventListener('change', update);
  return update;
}
