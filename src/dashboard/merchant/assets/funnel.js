// The funnel section: buyers reaching each checkout stage in a period, the step's conversion and the overall rates.
import { api, fill, formatNumber, formatPercent, h } from '/console/console.js';
import { funnelChart } from '/console/chart.js';

const STAGE_NAMES = {
  checkout_opened: 'Checkout opened',
  otp_sent: 'Code sent',
  otp_verified: 'Email verified',
  address: 'Address',
  payment_selected: 'Payment chosen',
  order_placed: 'Order placed',
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

function render(report) {
  const stat = (label, value) => h('div', {}, h('dt', {}, label), h('dd', {}, value));
  fill(
    document.getElementById('funnel-stats'),
    stat('Sessions', formatNumber(report.sessions.total ?? 0)),
    stat('Checkout to order', formatPercent(report.overall_conversion)),
    stat('Abandonment', formatPercent(report.abandonment_rate)),
    stat('Events', formatNumber(report.total_events)),
  );
  funnelChart(document.getElementById('funnel-chart'), {
    title: 'Buyers reaching each checkout stage',
    rows: report.stages.map((s, i) => ({
      label: STAGE_NAMES[s.stage] ?? s.stage,
      value: s.reached,
      note:
        i === 0
          ? `${formatNumber(s.events)} events`
          : `${formatPercent(s.from_previous)} of the previous step · ${formatPercent(s.from_start)} of all`,
    })),
  });
  const rows = [
    ...Object.entries(report.events).map(([name, n]) => ['event', name, n]),
    ...Object.entries(report.steps).map(([name, n]) => ['step', name, n]),
  ];
  fill(
    document.getElementById('funnel-table'),
    h(
      'table',
      {},
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Kind'),
          h('th', { scope: 'col' }, 'Name'),
          h('th', { scope: 'col', class: 'num' }, 'Count'),
        ),
      ),
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
