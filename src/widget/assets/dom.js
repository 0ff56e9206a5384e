// DOM helpers of the widget: elements built without innerHTML, labelled fields with their own error line, money.

/** Element builder: h('p', { class: 'x' }, 'text', child). Text is set as text; `on…` attributes add listeners. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else if (name === 'value') el.value = value;
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

let ids = 0;
/** A unique id inside this page (several widgets may share one). */
export const uid = (name) => `gc-${name}-${++ids}`;

/**
 * A labelled input with a hint and an error line tied to it (aria-describedby), so a screen reader reads the error with
 * the field and the error shows where the buyer is looking. The error goes as the buyer edits the field, unless
 * `checkedAsTyped`: such a field (the pincode) sets and clears its own error on each input.
 */
export function field(name, label, input, hint = '', { checkedAsTyped = false } = {}) {
  input.id ||= uid(name);
  input.name ||= name;
  const hintEl = h('p', { class: 'gc-hint', id: `${input.id}-hint` }, hint);
  // An alert: read out when it appears, also when focus is already in the field (its description is read on focus).
  const error = h('p', { class: 'gc-error', id: `${input.id}-error`, role: 'alert', hidden: true });
  input.setAttribute('aria-describedby', `${hintEl.id} ${error.id}`);
  if (!checkedAsTyped) input.addEventListener('input', () => setError({ input, error }, ''));
  const wrap = h('div', { class: 'gc-field' }, h('label', { for: input.id }, label), input, hintEl, error);
  return { wrap, input, hint: hintEl, error, set: (message) => setError({ input, error }, message) };
}

/** Shows `message` under the field (or clears it with ''), marking the input invalid for assistive technology. */
export function setError({ input, error }, message) {
  error.textContent = message || '';
  error.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * Focuses a field after a failed submit and brings its whole box into view, label and error too: focus alone scrolls
 * no further than the input, so a label just above the screen's edge stayed cut off.
 */
export function focusField(input) {
  input.focus({ preventScroll: true });
  (input.closest('.gc-field') ?? input).scrollIntoView({ block: 'nearest' });
}

/**
 * Keeps the first `count` digits of what is typed or pasted into `input` ("885 100" -> "885100"); such a field has no
 * maxlength, which would cut a paste with spaces before the digits are kept.
 */
export function keepDigits(input, count) {
  const digits = asciiDigits(input.value).replace(/\D/g, '').slice(0, count);
  if (digits !== input.value) input.value = digits;
}

/** Where each script's digits start: Arabic-Indic, Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu, … */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/** "५६००३८" as "560038": a phone keyboard set to an Indian language types its own digits. */
export function asciiDigits(text) {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0);
    const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/** ₹1,499.00 from paise. */
export function rupees(paise) {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A form-level message line next to the submit button: errors are alerts, progress is polite. */
export function messageLine() {
  const el = h('p', { class: 'gc-message', role: 'status', 'aria-live': 'polite' });
  return {
    el,
    say(text, kind = 'info') {
      el.textContent = text;
      el.className = `gc-message ${kind}`;
      el.setAttribute('role', kind === 'error' ? 'alert' : 'status');
    },
    clear() {
      el.textContent = '';
      el.className = 'gc-message';
    },
  };
}

/**
 * Disables the form's controls while `work` runs. A disabled control drops focus to the page, so focus waits on the
 * step's heading meanwhile; then, if the form is still shown and focus still waits (or was lost), it goes to the first
 * invalid field, else back where it was. Keyboard users are never sent to the page top.
 */
export async function busy(form, work) {
  const root = form.getRootNode();
  const had = root.activeElement;
  const heading = form.contains(had) ? root.querySelector('.gc-step-title') : null;
  heading?.focus({ preventScroll: true });
  const controls = [...form.querySelectorAll('button, input, select, textarea')].filter((c) => !c.disabled);
  controls.forEach((c) => (c.disabled = true));
  form.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    controls.forEach((c) => (c.disabled = false));
    form.removeAttribute('aria-busy');
    const waiting = root.activeElement === (heading ?? had) || document.activeElement === document.body;
    if (form.isConnected && waiting) {
      const invalid = form.querySelector('[aria-invalid="true"]');
      if (invalid) focusField(invalid);
      else if (form.contains(had)) had.focus();
    }
  }
}
