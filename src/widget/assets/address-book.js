// Saved addresses: choose one to deliver to, edit it, make it the default or delete it; or add a new one.
import { busy, h, messageLine, uid } from './dom.js';

/** One line a buyer recognises their address by. */
export function addressText(a) {
  const lines = [a.flat_number, a.building_name, a.street_name, a.locality, a.landmark, a.city, a.state];
  return `${lines.filter(Boolean).join(', ')} ${a.pincode}`;
}

/**
 * `onChoose(address)` continues with the chosen address, `onEdit(address)` and `onAdd()` open the form; the book calls
 * the server itself for default and delete, then re-renders.
 */
export function addressBook({ api, addresses, onChoose, onEdit, onAdd }) {
  const el = h('div', { class: 'gc-book' });
  const message = messageLine();
  let list = addresses;
  let chosen = list.find((a) => a.is_default)?.id ?? list[0]?.id;
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
        a.id === confirming
          ? h(
              'div',
              { class: 'gc-inline-actions', role: 'group', 'aria-label': `Delete ${a.name ?? 'this address'}?` },
              h('span', {}, 'Delete this address?'),
              h(
                'button',
                { type: 'button', class: 'gc-link', 'data-confirm': a.id, onclick: () => act('delete', a) },
                'Yes, delete',
                visually(` ${a.name ?? ''}`),
              ),
              h('button', { type: 'button', class: 'gc-link', onclick: () => ask(null, a) }, 'Keep it'),
            )
          : h(
              'div',
              { class: 'gc-inline-actions' },
              h(
                'button',
                { type: 'button', class: 'gc-link', onclick: () => onEdit(a) },
                'Edit',
                visually(` ${a.name ?? ''}`),
              ),
              a.is_default
                ? null
                : h(
                    'button',
                    { type: 'button', class: 'gc-link', onclick: () => act('set_default', a) },
                    'Make default',
                    visually(` ${a.name ?? ''}`),
                  ),
              h(
                'button',
                { type: 'button', class: 'gc-link', 'data-delete': a.id, onclick: () => ask(a.id, a) },
                'Delete',
                visually(` ${a.name ?? ''}`),
              ),
            ),
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
      if (address) onChoose(address);
    });
    el.replaceChildren(form);
  }

  /** Asks before deleting `id`'s address (null: asks nothing); focus stays on the address's buttons. */
  function ask(id, address) {
    confirming = id;
    render();
    const selector = id ? 'button[data-confirm]' : `button[data-delete="${address.id}"]`;
    el.querySelector(selector)?.focus();
  }

  async function act(action, address) {
    confirming = null;
    message.clear();
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

/** Text only screen readers read (which address an Edit button is for). */
function visually(text) {
  return h('span', { class: 'gc-sr' }, text);
}
