// The sessions section: the last 90 days of checkout sessions, newest first, with their payment state, 20 a page.
import { api, fill, formatTime, h, rupees } from '/console/console.js';

const PAGE = 20;
const PAYMENT = {
  paid: ['paid', 'ok'],
  cod: ['cash on delivery', 'ok'],
  order_created: ['order created, unpaid', 'warn'],
  none: ['no payment', 'muted'],
};

export async function initSessions() {
  const body = document.getElementById('sessions-body');
  const pageLabel = document.getElementById('sessions-page');
  const prev = document.getElementById('sessions-prev');
  const next = document.getElementById('sessions-next');
  let offset = 0;

  async function load() {
    const from = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const page = await api(
      'GET',
      `/checkout-admin?action=sessions&limit=${PAGE}&offset=${offset}&from=${encodeURIComponent(from)}`,
    );
    fill(
      body,
      page.sessions.length === 0
        ? h('tr', {}, h('td', { colspan: 6 }, 'No checkout sessions in the last 90 days.'))
        : page.sessions.map(row),
    );
    const last = Math.min(page.total, offset + page.sessions.length);
    pageLabel.textContent = page.total === 0 ? '' : `${offset + 1}–${last} of ${page.total}`;
    prev.disabled = offset === 0;
    next.disabled = last >= page.total;
  }

  prev.addEventListener('click', () => {
    offset = Math.max(0, offset - PAGE);
    load().catch(() => undefined);
  });
  next.addEventListener('click', () => {
    offset += PAGE;
    load().catch(() => undefined);
  });
  await load();
}

function row(s) {
  const [payment, tone] = PAYMENT[s.payment.status] ?? [s.payment.status, 'muted'];
  const utm = Object.entries(s.utm)
    .map(([k, v]) => `${k.replace('utm_', '')}=${v}`)
    .join(', ');
  return h(
    'tr',
    {},
    h('td', {}, formatTime(s.created_at)),
    h('td', {}, s.email ?? s.buyer_id),
    h('td', {}, s.status.replace('_', ' ')),
    h('td', { class: 'num' }, rupees(s.cart_value_paise)),
    h(
      'td',
      {},
      h('span', { class: `pill ${tone}` }, payment),
      s.payment.amount_paise !== null ? ` ${rupees(s.payment.amount_paise)}` : '',
    ),
    h('td', {}, utm || '—'),
  );
}
