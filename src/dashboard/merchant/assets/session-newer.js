// "3 new orders: show them": orders that came in after the list was pinned to its first page, one click away.
import { api, plural } from '/console/console.js';

/** How often an open list looks for new orders. */
const EVERY_MS = 60_000;

/**
 * Counts the orders `params()` would list after `pinnedTo()` (the newest instant the list shows) up to `end()` (the end
 * of the list's To day once it is over, else null) and offers them on `button`; `show()` runs on a click. Looks when
 * asked and every minute while the page is in view.
 */
export function newerOrders(button, { params, pinnedTo, end, show }) {
  let asking = null;
  async function check() {
    const pin = pinnedTo();
    if (!pin) return;
    asking?.abort();
    const mine = new AbortController();
    asking = mine;
    const query = params();
    // `to` is inclusive: an order of the pinned instant is listed already, and one a millisecond later is new.
    const after = new Date(Date.parse(pin) + 1).toISOString();
    if (after > query.get('from')) query.set('from', after);
    // A list left open past its To day (midnight came) lists nothing later: orders after it are not its new ones.
    const last = end();
    if (last !== null && last < after) return void (button.hidden = true);
    if (last === null) query.delete('to');
    else query.set('to', last);
    query.set('limit', '1');
    try {
      const { total } = await api('GET', `/checkout-admin?action=sessions&${query}`, undefined, {
        signal: mine.signal,
      });
      if (pinnedTo() !== pin) return;
      button.textContent = `${plural(total, 'new order')}: show ${total === 1 ? 'it' : 'them'}`;
      button.hidden = total === 0;
    } catch {
      // Only a hint: the list itself says when the server cannot be reached.
    }
  }
  button.addEventListener('click', () => {
    button.hidden = true;
    show();
  });
  setInterval(() => {
    if (document.visibilityState === 'visible') check();
  }, EVERY_MS);
  return {
    check,
    hide() {
      asking?.abort();
      button.hidden = true;
    },
  };
}
