// The API key section: the merchant's keys with their state, and rotation with an overlap; a new key is shown once.
import { api, copyButton, fill, formatTime, h, say } from '/console/console.js';
import { changeRecorded } from '/merchant/assets/audit.js';

const STATE = {
  active: ['active', 'ok'],
  expiring: ['works until the overlap ends', 'warn'],
  expired: ['expired', 'muted'],
  revoked: ['revoked', 'bad'],
};

export async function initKeys() {
  const body = document.getElementById('merchant-keys-body');
  const form = document.getElementById('rotate-form');
  const shown = document.getElementById('rotated-key');
  const status = document.getElementById('keys-status');

  const render = (keys) =>
    fill(
      body,
      keys.map((k) => {
        const [text, tone] = STATE[k.state] ?? [k.state, 'muted'];
        return h(
          'tr',
          { 'data-prefix': k.prefix },
          h('td', { 'data-label': 'Key' }, h('code', {}, `${k.prefix}…`)),
          h('td', { 'data-label': 'Created' }, formatTime(k.created_at)),
          h('td', { 'data-label': 'State' }, h('span', { class: `pill ${tone}` }, text)),
          h(
            'td',
            { 'data-label': 'Works until' },
            k.revoked_at ? `revoked ${formatTime(k.revoked_at)}` : k.expires_at ? formatTime(k.expires_at) : 'no end',
          ),
        );
      }),
    );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const hours = Number(form.elements.overlap.value);
    const when = hours === 0 ? 'stop working now' : `keep working for ${hours} hour${hours === 1 ? '' : 's'}`;
    if (!confirm(`Issue a new api key? The current key will ${when}.`)) return;
    try {
      const rotated = await api('POST', '/merchant/api/keys/rotate', { overlap_hours: hours });
      render(rotated.keys);
      fill(
        shown,
        h('strong', {}, 'Your new api key'),
        h('code', { id: 'rotated-key-value' }, rotated.api_key),
        h(
          'div',
          { class: 'row' },
          copyButton(rotated.api_key, 'Copy key'),
          h('span', { class: 'hint' }, 'Put it in your server now: it is not shown again.'),
        ),
      );
      shown.hidden = false;
      shown.focus();
      say(status, `New key ${rotated.prefix}…; the old one will ${when}`, 'ok');
      changeRecorded();
    } catch (err) {
      say(status, err.message, 'error');
    }
  });
  render((await api('GET', '/merchant/api/keys')).keys);
}
