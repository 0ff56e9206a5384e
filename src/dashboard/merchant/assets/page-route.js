// What the address shows: one order (#order/<id>), or the sections scrolled to the one named (#sessions, #deliveries);
// back from an order, the list is where it was and focus is on the order's row.
import { say } from '/console/console.js';
import { showOrder } from '/merchant/assets/order.js';

const ORDER = /^#order\/([0-9a-f-]{36})$/;
/** Where the open order was opened from: its link, that link's section and how far the page was scrolled. */
let origin = null;
let lastOrder = null;
/** Whether the person scrolled or typed since the page loaded: then a late scroll to the named section would jar. */
let moved = false;

export function wireRoutes() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href^="#order/"]') : null;
    if (!link || link.closest('#order')) return;
    origin = { link, section: link.closest('section.card')?.id ?? 'sessions', y: window.scrollY };
  });
  document.getElementById('order-back').addEventListener('click', (event) => {
    // Opened from this page: going back leaves no extra step in the browser's history.
    if (!origin) return;
    event.preventDefault();
    history.back();
  });
  for (const type of ['wheel', 'touchstart', 'keydown'])
    window.addEventListener(type, () => (moved = true), { once: true, passive: true });
  window.addEventListener('hashchange', route);
  route();
}

/** Once the sections have loaded (and grown above the one named), scrolls to it again if the person has not moved. */
export function settle() {
  if (!moved && !ORDER.test(location.hash)) scrollToSection();
}

function route() {
  const match = ORDER.exec(location.hash);
  const order = document.getElementById('order');
  const fromOrder = !order.hidden;
  document.getElementById('overview').hidden = Boolean(match);
  order.hidden = !match;
  if (!match) {
    if (fromOrder) backToList();
    else scrollToSection();
    return;
  }
  lastOrder = match[1];
  document.getElementById('order-back').href = `#${origin?.section ?? 'sessions'}`;
  showOrder(match[1]).catch((err) =>
    say(document.getElementById('page-status'), `Could not load the order: ${err.message}`, 'error'),
  );
  order.focus();
}

/** The section the hash names, at the top of the screen. */
function scrollToSection() {
  const section = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
  if (section?.closest('#overview')) section.scrollIntoView();
}

/** The list as it was left: the same scroll, focus on the order's row; else that row or the section's heading. */
function backToList() {
  const came = origin;
  origin = null;
  const named = document.getElementById(location.hash.slice(1) || came?.section || 'sessions');
  const section = named?.matches('#overview section.card') ? named : document.getElementById('sessions');
  if (came?.link.isConnected && came.section === section.id) {
    window.scrollTo(0, came.y);
    came.link.focus({ preventScroll: true });
    return;
  }
  // A link from the order to another section (Settings) goes there, not back to the list.
  const row = section.querySelector(`tr[data-session-id="${lastOrder}"] a`);
  const target = row ?? section.querySelector('h2');
  if (!row) target.setAttribute('tabindex', '-1');
  target.scrollIntoView({ block: row ? 'center' : 'start' });
  target.focus({ preventScroll: true });
}
