// Recent requests of a key: time, method and path, the status answered and the time taken, newest first, 25 at a time.
import { api, fill, formatNumber, formatTime, h, isolated } from '/console/console.js';

const tone = (status) => (status < 300 ? 'ok' : status < 500 ? 'warn' : 'bad');
/** Rows shown at first and added by each "Show more": 100 cards would make a phone's page 36,000 px long. */
const STEP = 25;

/** Returns `setKeys(keys)`, called whenever the key list changes. */
export function initRequests() {
  const select = document.getElementById('requests-key');
  const body = document.getElementById('requests-body');
  const more = document.getElementById('requests-more');
  const count = document.getElementById('requests-shown');
  let requests = [];
  let shown = STEP;

  const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
  const row = (r) =>
    h(
      'tr',
      {},
      cell('Time', formatTime(r.at)),
      cell('Request', h('code', {}, `${r.method} ${r.path}`)),
      cell('Status', h('span', { class: `pill ${tone(r.status)}` }, r.status)),
      h('td', { class: 'num', 'data-label': 'Time taken' }, `${r.ms.toFixed(1)} ms`),
    );

  function render() {
    fill(
      body,
      requests.length === 0
        ? h('tr', {}, h('td', { colspan: 4 }, 'No requests with this key yet.'))
        : requests.slice(0, shown).map(row),
    );
    const left = requests.length - shown;
    more.hidden = left <= 0;
    more.textContent = `Show ${formatNumber(Math.min(STEP, left))} more`;
    const total = formatNumber(requests.length);
    count.textContent =
      requests.length === 0
        ? ''
        : left > 0
          ? `${formatNumber(shown)} of ${total} requests shown`
          : `All ${total} requests shown`;
  }

  async function load() {
    if (!select.value) {
      requests = [];
      fill(body, h('tr', {}, h('td', { colspan: 4 }, 'No keys yet.')));
      more.hidden = true;
      count.textContent = '';
      return;
    }
    ({ requests } = await api('GET', `/dashboard/api/keys/${select.value}/requests`));
    shown = STEP;
    render();
  }

  more.addEventListener('click', () => {
    const first = shown;
    shown += STEP;
    render();
    // The button stays for the keyboard user while there is more; once gone, focus goes to the first row it added.
    if (more.hidden) {
      const added = body.rows[first]?.cells[0];
      added?.setAttribute('tabindex', '-1');
      added?.focus();
    }
  });
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
