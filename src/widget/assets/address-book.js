// Saved addresses: choose one to deliver to, edit it, make it the default or delete it; or add a new one.
import { busy, h, messageLine, uid } from './dom.js';

/** One line a buyer recognises their address by. */
export function addressText(a) {
  const lines = [a.flat_number, a.building_name, a.street_name, a.locality, a.landmark, a.city, a.state];
  return `${lines.filter(Boolean).join(', ')} ${a.pincode}`;
}

/**
 * `onChoose(address)` continues with the chosen address (`selected`'s id when given, else the default), `onEdit(address)`
 * and `onAdd()` open the form; the book calls the server itself for default and delete, then re-renders.
 */
export function addressBook({ api, addresses, selected = null, onChoose, onEdit, onAdd }) {
  const el = h('div', { class: 'gc-book' });
  const message = messageLine();
  let list = addresses;
  // Back from the map: the address the buyer chose stays chosen, not the default.
  let chosen = list.find((a) => a.id === selected)?.id ?? list.find((a) => a.is_default)?.id ?? list[0]?.id;
  /** The address whose Delete was pressed: it asks once more, since a deleted address cannot be had back. */
  let confirming = null;

  function render() {
    const name = uid('address');
    const items = list.map((a) => {
      const radio = h('input', {
        type: 'radio',
        name,
        value: a.id,
        checked: a.id === chosen,
        id: `${name}-${a.id}`,
        onchange: () => (chosen = a.id),
      });
      return h(
        'li',
        { class: 'gc-saved' },
        h(
          'label',
          { for: radio.id },
          radio,
          h(
            'span',
            {},
            h('strong', {}, a.name ?? 'Address', a.label ? ` · ${a.label}` : '', a.is_default ? ' · Default' : ''),
            h('span', { class: 'gc-address-text' }, addressText(a)),
            a.phone ? h('span', { class: 'gc-address-text' }, a.phone) : null,
          ),
        ),
        a.id === confirming ? confirmation(a) : actions(a),
      );
    });
    const form = h(
      'form',
      { class: 'gc-form' },
      h('fieldset', {}, h('legend', {}, 'Deliver to'), h('ul', { class: 'gc-saved-list' }, items)),
      message.el,
      h(
        'div',
        { class: 'gc-actions' },
        h('button', { type: 'button', class: 'gc-secondary', onclick: onAdd }, 'Add a new address'),
        h('button', { type: 'submit', class: 'gc-primary' }, 'Deliver here'),
      ),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const address = list.find((a) => a.id === chosen);
      if (!address) return;
      message.say('Opening the map…');
      // Busy until the next step is shown: each tap meanwhile would choose the address again.
      void busy(form, async () => onChoose(address));
    });
    el.replaceChildren(form);
  }

  /** Edit, make default, delete: each button names its address for screen readers. */
  function actions(a) {
    return h(
      'div',
      { class: 'gc-inline-actions' },
      link('Edit', a, () => onEdit(a)),
      a.is_default ? null : link('Make default', a, () => act('set_default', a)),
      link('Delete', a, () => ask(a), { 'data-delete': a.id }),
    );
  }

  /** In place of the address's buttons once Delete was pressed. */
  function confirmation(a) {
    return h(
      'div',
      { class: 'gc-inline-actions', role: 'group', 'aria-label': `Delete ${spoken(a)}?` },
      h('span', {}, 'Delete this address?'),
      link('Yes, delete', a, () => act('delete', a), { 'data-confirm': a.id }),
      h('button', { type: 'button', class: 'gc-link', onclick: () => keep(a) }, 'Keep it'),
    );
  }

  /** Asks before deleting `address`; focus moves to the answer. */
  function ask(address) {
    confirming = address.id;
    render();
    el.querySelector('button[data-confirm]')?.focus();
  }

  /** Keeps `address` after all; focus goes back to its Delete. */
  function keep(address) {
    confirming = null;
    render();
    el.querySelector(`button[data-delete="${address.id}"]`)?.focus();
  }

  async function act(action, address) {
    confirming = null;
    message.say(action === 'delete' ? 'Deleting the address…' : 'Making it the default address…');
    try {
      await busy(el, () => api.book({ action, address_id: address.id }));
      list = (await api.book({ action: 'list' })).addresses;
      if (!list.some((a) => a.id === chosen)) chosen = list[0]?.id;
      if (list.length === 0) return onAdd();
      render();
      message.say(action === 'delete' ? 'Address deleted' : 'Default address changed');
      // The button pressed is gone with the old list: the chosen address takes focus.
      el.querySelector('input[type=radio]:checked')?.focus();
    } catch (err) {
      message.say(err.message, 'error');
    }
  }

  render();
  return { el, focus: () => el.querySelector('input[type=radio]:checked')?.focus() };
}

/** A link-styled button for address `a`, named for screen readers with the address it acts on. */
function link(label, a, onclick, attrs = {}) {
  return h('button', { type: 'button', class: 'gc-link', ...attrs, onclick }, label, visually(` ${spoken(a)}`));
}

/** The person and the address line: a buyer's addresses are often all in their own name. */
function spoken(a) {
  return [a.name, addressText(a)].filter(Boolean).join(', ');
}

/** Text only screen readers read (which address an Edit button is for). */
function visually(text) {
  return h('span', { class: 'gc-sr' }, text);
}
