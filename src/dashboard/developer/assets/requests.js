// Recent requests of a key: time, method and path, the status answered and the time taken, newest first.
import { api, fill, formatTime, h, isolated } from '/console/console.js';

const tone = (status) => (status < 300 ? 'ok' : status < 500 ? 'warn' : 'bad');

/** Returns `setKeys(keys)`, called whenever the key list changes. */
export function initRequests() {
  const select = document.getElementById('requests-key');
  const body = document.getElementById('requests-body');

  async function load() {
    if (!select.value) {
      fill(body, h('tr', {}, h('td', { colspan: 4 }, 'No keys yet.')));
      return;
    }
    const { requests } = await api('GET', `/dashboard/api/keys/${select.value}/requests`);
    const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
    fill(
      body,
      requests.length === 0
        ? h('tr', {}, h('td', { colspan: 4 }, 'No requests with this key yet.'))
        : requests.map((r) =>
            h(
              'tr',
              {},
              cell('Time', formatTime(r.at)),
              cell('Request', h('code', {}, `${r.method} ${r.path}`)),
              cell('Status', h('span', { class: `pill ${tone(r.status)}` }, r.status)),
              h('td', { class: 'num', 'data-label': 'Time taken' }, `${r.ms.toFixed(1)} ms`),
            ),
          ),
    );
  }

  select.addEventListener('change', () => load().catch(() => undefined));
  document.getElementById('requests-refresh').addEventListener('click', () => load().catch(() => undefined));
  return {
    async setKeys(keys) {
      const chosen = select.value;
      fill(
        select,
        keys.map((k) =>
          h(
            'option',
            { value: k.id, selected: String(k.id) === chosen },
            `${isolated(k.label ?? k.prefix)}${k.revoked_at ? ' (revoked)' : ''}`,
          ),
        ),
      );
      await load();
    },
  };
}
