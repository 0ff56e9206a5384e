// One settings card: its fields, Save, and a status line; problems under their fields, and "nothing was saved" said.
import { h, say } from '/console/console.js';
import { draftSaved, trackDraft } from '/console/drafts.js';
import { changeRecorded } from '/merchant/assets/audit.js';
import { browserProblems, clearErrors, FormProblems, sayRefused } from '/console/field-errors.js';

/** A labelled input; `hint` (text or nodes) is tied to it with aria-describedby. */
export function field(id, label, input, hint) {
  input.id = id;
  if (hint) input.setAttribute('aria-describedby', `${id}-hint`);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null,
  );
}

export const check = (id, label, checked) =>
  h('label', { class: 'check' }, h('input', { id, name: id, type: 'checkbox', checked }), label);

/** [input, words] pairs in the order the fields stand on the page, so the first one focused is the topmost. */
const inPageOrder = (pairs) =>
  pairs.sort(([a], [b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

/**
 * A form card. `save(form)` sends and returns the message to show. `checks(form)` returns [input, words] pairs (words
 * null: fine) found before sending, shown all at once with the browser's own checks, which `words` says.
 * `refused(err, form)` turns the server's refusal into such pairs.
 */
export function settingsForm(id, title, fields, { save, refused, checks = () => [], words = {} }) {
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { id, 'aria-labelledby': `${id}-title`, novalidate: true },
    h('h3', { id: `${id}-title` }, title),
    fields,
    h('button', { type: 'submit' }, 'Save'),
    status,
  );
  trackDraft(form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(status, '');
    try {
      const checked = inPageOrder([...browserProblems(form, words), ...checks(form).filter(([, said]) => said)]);
      if (checked.length) throw new FormProblems(checked);
      say(status, await save(form), 'ok');
      draftSaved(form);
      changeRecorded();
    } catch (err) {
      sayRefused(status, err instanceof FormProblems ? err.pairs : refused(err, form), err);
    }
  });
  return form;
}
