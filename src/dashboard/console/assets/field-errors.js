// Form errors under the field they concern: the field marked aria-invalid, described by the words, the first focused.
import { h, say } from '/console/console.js';

/** Problems a form found before sending: [input, words] pairs, shown like the server's. */
export class FormProblems extends Error {
  constructor(pairs) {
    super('The form has problems');
    this.pairs = pairs;
  }
}

/** Throws FormProblems when any pair has words. */
export function refuse(pairs) {
  const found = pairs.filter(([, words]) => words);
  if (found.length) throw new FormProblems(found);
}

/** Removes every error `form` shows, so a new attempt starts clean. */
export function clearErrors(form) {
  for (const note of form.querySelectorAll('.field-error[data-for]')) {
    const input = document.getElementById(note.dataset.for);
    if (input) {
      input.removeAttribute('aria-invalid');
      const rest = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== note.id);
      if (rest.length) input.setAttribute('aria-describedby', rest.join(' '));
      else input.removeAttribute('aria-describedby');
    }
    note.remove();
  }
}

/** Shows each [input, words] under its input (words: text, or nodes); focuses the first. */
export function showErrors(pairs) {
  for (const [input, words] of pairs) {
    const id = `${input.id}-error`;
    const note = h('p', { class: 'field-error', id, 'data-for': input.id }, words);
    // Right under the field, above its hint: seen where the eye is.
    input.after(note);
    input.setAttribute('aria-invalid', 'true');
    const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    input.setAttribute('aria-describedby', [...ids, id].join(' '));
  }
  pairs[0]?.[0].focus();
}

/**
 * The server's refusal (400 with `issues`) grouped by the field sent: `allowed_origins.3` counts under
 * `allowed_origins` with index 3. Empty for any other error.
 */
export function issuesByField(err) {
  const grouped = new Map();
  for (const issue of err?.body?.issues ?? []) {
    const [field, index] = String(issue.path ?? '').split('.');
    const list = grouped.get(field) ?? [];
    list.push({ index: index === undefined ? null : Number(index), message: issue.message });
    grouped.set(field, list);
  }
  return grouped;
}

/** Several problems of one field, one a line. */
export function lines(list) {
  return list.flatMap((words, i) => (i === 0 ? [words] : [h('br'), words]));
}

/**
 * The fields the browser finds invalid (the form is `novalidate`, so its bubbles never show): each with `words[name]`
 * when given, else the browser's own message.
 */
export function browserProblems(form, words = {}) {
  return [...form.elements]
    .filter((el) => el.willValidate && !el.validity.valid)
    .map((el) => [el, words[el.name]?.(el) ?? el.validationMessage]);
}

/** A refused save: `pairs` shown under their fields, and `status` saying nothing was saved (why, when no field is). */
export function sayRefused(status, pairs, err) {
  if (pairs.length) showErrors(pairs);
  const which = pairs.length === 1 ? 'the field' : 'the fields';
  say(
    status,
    pairs.length ? `Nothing was saved: fix ${which} marked above.` : `Nothing was saved: ${err.message}`,
    'error',
  );
}
