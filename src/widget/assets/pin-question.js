// The question Confirm asks when the pin is not in the typed pincode: deliver to the pin anyway, use the pin's pincode,
// or move the pin. Asked inline in place of the step's buttons, with focus on the question, as the address book asks.
import { h, uid } from './dom.js';

/**
 * `onToggle(open)` hides what the question stands in for while it is asked, and brings it back. `onAnyway()` and
 * `onMove()` run once it has closed; `onUse(pincode)` runs with it open, and closes it with `close()` if it succeeds.
 */
export function pinQuestion({ onToggle, onAnyway, onUse, onMove }) {
  // Focusable by script only: focus lands on the question, so a screen reader reads it before the choices.
  const text = h('p', { id: uid('pin-question'), class: 'gc-question-text', tabindex: '-1' });
  const use = h('button', { type: 'button', class: 'gc-primary', onclick: () => onUse(use.dataset.pincode) });
  const el = h(
    'div',
    { class: 'gc-question', role: 'group', 'aria-labelledby': text.id, hidden: true },
    text,
    h(
      'div',
      { class: 'gc-actions' },
      use,
      h(
        'button',
        { type: 'button', class: 'gc-secondary', onclick: () => choose(onAnyway) },
        'Deliver to the pin anyway',
      ),
      h('button', { type: 'button', class: 'gc-secondary', onclick: () => choose(onMove) }, 'Move the pin'),
    ),
  );
  // Escape answers as "Move the pin" does: the buyer stays on the map with nothing decided.
  el.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    choose(onMove);
  });

  function choose(then) {
    close();
    then();
  }

  /** Hides the question and brings back what it stood in for; nothing when it is not asked. */
  function close() {
    if (el.hidden) return;
    el.hidden = true;
    onToggle(false);
  }

  return {
    el,
    close,
    get open() {
      return !el.hidden;
    },
    /**
     * Asks about a pin in pincode `area.pincode` (or outside every pincode, `area` null) when `typed` was typed;
     * `canUse` offers the pin's pincode as the address's.
     */
    ask(area, typed, canUse) {
      const where = area
        ? `in pincode ${area.pincode}${area.locality ? ` (${area.locality})` : ''}, not ${typed}`
        : `outside every pincode area, not in ${typed}`;
      text.textContent = `The pin is ${where} as typed. Deliver to the pin anyway?`;
      use.hidden = !(area && canUse);
      use.dataset.pincode = area?.pincode ?? '';
      use.textContent = area ? `Use pincode ${area.pincode} and continue` : '';
      el.hidden = false;
      onToggle(true);
      // The whole question in view, its choices too, not only the line that takes focus.
      text.focus({ preventScroll: true });
      el.scrollIntoView?.({ block: 'nearest' });
    },
  };
}
