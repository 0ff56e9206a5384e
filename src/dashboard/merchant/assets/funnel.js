// The funnel section: the funnel counted from sessions and the one the widget reported, side by side, and UTM rows.
import { api, fill, formatNumber, formatPercent, h, plural, rupees } from '/console/console.js';
import { funnelChart } from '/console/chart.js';

const STAGE_NAMES = {
  checkout_opened: 'Checkout opened',
  otp_sent: 'Code sent',
  otp_verified: 'Email verified',
  address: 'Address',
  payment_selected: 'Payment chosen',
  order_placed: 'Order placed',
};
const SESSION_STAGES = {
  verified: 'Signed in',
  address_completed: 'Address given',
  payment_started: 'Payment begun',
  paid: 'Paid or COD',
};

export async function initFunnel() {
  const picker = document.getElementById('funnel-window');
  const load = async () => {
    const from = new Date(Date.now() - Number(picker.value) * 86_400_000).toISOString();
    render(await api('GET', `/checkout-admin?action=funnel&from=${encodeURIComponent(from)}`));
  };
  picker.addEventListener('change', () => load().catch(() => undefined));
  await load();
}

const note = (s, i) =>
  i === 0 ? '' : `${formatPercent(s.from_previous)} of the previous step · ${formatPercent(s.from_start)} of all`;

/**
 * The first stage's events, and why it can show more buyers than events: a buyer seen at a later stage passed it,
 * whether or not the widget reported it ("4 · 3 events" alone reads as a mistake).
 */
function firstNote(s) {
  const events = plural(s.events, 'event');
  return s.reached > s.events ? `${events} logged; buyers seen only at later stages count here too` : events;
}

function render(report) {
  const server = report.from_sessions;
  const stat = (label, value) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  fill(
    document.getElementById('funnel-stats'),
    stat('Sessions', formatNumber(server.stages[0].sessions)),
    stat('Paid or COD', formatNumber(server.stages[3].sessions)),
    stat('Conversion', formatPercent(server.conversion)),
    stat('Revenue', rupees(server.revenue_paise)),
    stat('Widget events', formatNumber(report.total_events)),
  );
  funnelChart(document.getElementById('session-funnel-chart'), {
    title: 'Sessions reaching each stage, counted by the server',
    rows: server.stages.map((s, i) => ({
      label: SESSION_STAGES[s.stage] ?? s.stage,
      value: s.sessions,
      note: note(s, i),
    })),
  });
  const widget = document.getElementById('funnel-chart');
  if (report.total_events === 0)
    fill(widget, h('p', { class: 'hint' }, 'No widget events in this period: the widget may not send them.'));
  else
    funnelChart(widget, {
      title: 'Buyers reaching each checkout stage, as the widget reported',
      rows: report.stages.map((s, i) => ({
        label: STAGE_NAMES[s.stage] ?? s.stage,
        value: s.reached,
        note: i === 0 ? firstNote(s) : note(s, i),
      })),
    });
  fill(
    document.getElementById('utm-body'),
    server.utm.length === 0
      ? h('tr', {}, h('td', { colspan: 7 }, 'No sessions in this period.'))
      : server.utm.map((u) =>
          h(
            'tr',
            {},
            h('td', {}, u.utm_source ?? '(none)'),
            h('td', {}, u.utm_medium ?? '—'),
            h('td', {}, u.utm_campaign ?? '—'),
            h('td', { class: 'num' }, formatNumber(u.sessions)),
            h('td', { class: 'num' }, formatNumber(u.paid)),
            h('td', { class: 'num' }, rupees(u.revenue_paise)),
            h('td', { class: 'num' }, formatPercent(u.conversion)),
          ),
        ),
  );
  eventTable(report);
}

function eventTable(report) {
  const rows = [
    ...Object.entries(report.events).map(([name, n]) => ['event', name, n]),
    ...Object.entries(report.steps).map(([name, n]) => ['step', name, n]),
  ];
  const head = h(
    'tr',
    {},
    h('th', { scope: 'col' }, 'Kind'),
    h('th', { scope: 'col' }, 'Name'),
    h('th', { scope: 'col', class: 'num' }, 'Count'),
  );
  fill(
    document.getElementById('funnel-table'),
    h(
      'table',
      {},
      h('thead', {}, head),
      h(
        'tbody',
        {},
        rows.length === 0
          ? h('tr', {}, h('td', { colspan: 3 }, 'No events in this period.'))
          : rows.map(([kind, name, n]) =>
              h('tr', {}, h('td', {}, kind), h('td', {}, name), h('td', { class: 'num' }, formatNumber(n))),
            ),
      ),
    ),
  );
}
