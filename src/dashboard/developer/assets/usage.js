// Usage of one key: requests per day this month as bars, the daily share of the plan as a line, the month against the quota.
import { api, fill, formatNumber, h, isolated, say } from '/console/console.js';
import { barChart } from '/console/chart.js';
import { timeZone } from '/console/format.js';
import { monthAfter, quotaUsed, refusedUntil } from '/dashboard/assets/quota.js';

/** When a UTC day starts in the zone times are shown in: "05:30 IST". */
function utcMidnight() {
  const now = new Date();
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: timeZone(),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(midnight);
}

/** Wires the key picker; call `setKeys(keys)` whenever the key list changes. */
export function initUsage() {
  const picker = document.getElementById('usage-key');
  const meter = document.getElementById('usage-meter');
  const chart = document.getElementById('usage-chart');
  const table = document.getElementById('usage-table');
  const status = document.getElementById('page-status');
  const days = document.getElementById('usage-days');

  async function show() {
    const keyId = picker.value;
    if (!keyId) {
      fill(meter, h('p', { class: 'hint' }, 'Create a key to see its usage here.'));
      chart.replaceChildren();
      table.replaceChildren();
      return;
    }
    try {
      render(await api('GET', `/dashboard/api/usage?key_id=${encodeURIComponent(keyId)}`));
    } catch (err) {
      say(status, `Usage: ${err.message}`, 'error');
    }
  }

  function render(usage) {
    const label = picker.selectedOptions[0]?.textContent ?? '';
    const daysInMonth = new Date(
      Date.UTC(Number(usage.month.slice(0, 4)), Number(usage.month.slice(5, 7)), 0),
    ).getUTCDate();
    const daily = usage.monthly_limit === null ? null : Math.floor(usage.monthly_limit / daysInMonth);
    const total = h('span', { id: 'usage-total' }, formatNumber(usage.month_total));
    if (usage.monthly_limit === null) {
      fill(meter, h('span', {}, total, ` requests in ${usage.month} (no monthly limit)`));
    } else {
      const share = Math.min(100, (usage.month_total / usage.monthly_limit) * 100);
      const percent = share > 0 && share < 0.1 ? 'under 0.1%' : `${share.toFixed(1)}%`;
      fill(
        meter,
        h(
          'label',
          { for: 'usage-progress' },
          total,
          ` of ${formatNumber(usage.monthly_limit)} requests in ${usage.month} (${percent} of the plan)`,
        ),
        h('progress', {
          id: 'usage-progress',
          max: usage.monthly_limit,
          value: Math.min(usage.month_total, usage.monthly_limit),
        }),
        quotaUsed(usage.month_total, usage.monthly_limit)
          ? h(
              'p',
              { class: 'quota-used', id: 'usage-refused' },
              `The monthly quota is used up. ${refusedUntil(monthAfter(usage.month))}`,
            )
          : null,
      );
    }
    chart.dataset.total = String(usage.month_total);
    barChart(chart, {
      title: `Requests per UTC day in ${usage.month} for ${label}`,
      labels: usage.days.map((d) => d.day),
      values: usage.days.map((d) => d.requests),
      tickLabel: (day) => String(Number(day.slice(8))),
      reference: daily,
      referenceLabel: daily === null ? '' : `plan: ${formatNumber(daily)}/day`,
    });
    days.textContent = `Days and the month are UTC, as the quota counts them: each day starts at ${utcMidnight()}.`;
    fill(
      table,
      h(
        'table',
        {},
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col' }, 'Day (UTC)'), h('th', { scope: 'col', class: 'num' }, 'Requests')),
        ),
        h(
          'tbody',
          {},
          usage.days.map((d) => h('tr', {}, h('td', {}, d.day), h('td', { class: 'num' }, formatNumber(d.requests)))),
        ),
      ),
    );
  }

  picker.addEventListener('change', show);

  return {
    setKeys(keys) {
      const previous = picker.value;
      // Revoked keys stay in the list: their usage this month still counts and is worth seeing.
      fill(
        picker,
        keys.map((k) =>
          h(
            'option',
            { value: k.id },
            `${isolated(k.label ?? 'unlabelled')} (${k.prefix}…)${k.revoked_at ? ' · revoked' : ''}`,
          ),
        ),
      );
      if (keys.some((k) => String(k.id) === previous)) picker.value = previous;
      return show();
    },
  };
}
