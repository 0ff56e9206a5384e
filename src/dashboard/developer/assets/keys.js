// The key table, the create form (server or public with origins) and revoke buttons; a new key is shown once with a copy button.
import { api, copyButton, fill, formatNumber, formatTime, h, say } from '/console/console.js';
import { quotaUsed, refusedUntil } from '/dashboard/assets/quota.js';

const BASE = '/dashboard/api';

/** Loads the keys and wires the form; `onKeys(keys)` after every change, `onCreated({key, record})` after a create. */
export async function initKeys({ onKeys, onCreated }) {
  const body = document.getElementById('keys-body');
  const status = document.getElementById('keys-status');
  const form = document.getElementById('create-key');
  const originsField = document.getElementById('origins-field');
  const newKey = document.getElementById('new-key');

  async function refresh() {
    const { keys } = await api('GET', `${BASE}/keys`);
    fill(
      body,
      keys.length === 0
        ? h('tr', {}, h('td', { colspan: 7 }, 'No keys yet: create one below.'))
        : keys.map((key) => row(key)),
    );
    await onKeys(keys);
  }

  function row(key) {
    const used =
      key.monthly_limit === null
        ? formatNumber(key.used_this_month)
        : `${formatNumber(key.used_this_month)} / ${formatNumber(key.monthly_limit)}`;
    const spent = !key.revoked_at && quotaUsed(key.used_this_month, key.monthly_limit);
    const state = key.revoked_at
      ? h('span', { class: 'pill bad' }, `revoked ${formatTime(key.revoked_at)}`)
      : spent
        ? h('span', { class: 'pill bad' }, 'quota used')
        : h('span', { class: 'pill ok' }, 'active');
    const revoke = key.revoked_at
      ? '—'
      : h(
          'button',
          {
            type: 'button',
            class: 'danger small',
            'aria-label': `Revoke key ${key.label ?? key.prefix}`,
            onclick: () => revokeKey(key),
          },
          'Revoke',
        );
    // data-label names each cell when the table shows as cards on a phone.
    const cell = (label, ...content) => h('td', { 'data-label': label }, ...content);
    return h(
      'tr',
      { 'data-key-id': key.id, class: key.revoked_at ? 'revoked' : null },
      cell('Label', key.label ?? '—'),
      cell('Key', h('code', {}, `${key.prefix}…`), ' ', state),
      cell('Type', key.type),
      cell('Origins', key.allowed_origins.length ? key.allowed_origins.join(', ') : '—'),
      h(
        'td',
        { class: 'num', 'data-label': 'This month' },
        used,
        spent ? h('span', { class: 'cell-note' }, refusedUntil(key.quota_resets_at)) : null,
      ),
      cell('Created', formatTime(key.created_at)),
      cell('Actions', revoke),
    );
  }

  async function revokeKey(key) {
    if (
      !confirm(
        `Revoke ${key.label ?? key.prefix}? Requests with it are refused within a second, and this cannot be undone.`,
      )
    )
      return;
    try {
      await api('DELETE', `${BASE}/keys/${key.id}`);
      await refresh();
      say(status, `Revoked ${key.prefix}…`, 'ok');
    } catch (err) {
      say(status, err.message, 'error');
    }
  }

  form.addEventListener('change', () => {
    originsField.hidden = form.elements.type.value !== 'public';
    form.elements.origins.required = !originsField.hidden;
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const type = form.elements.type.value;
    const label = form.elements.label.value.trim();
    const origins = type === 'public' ? form.elements.origins.value.split(/[\s,]+/).filter(Boolean) : [];
    try {
      const created = await api('POST', `${BASE}/keys`, {
        type,
        ...(label ? { label } : {}),
        allowed_origins: origins,
      });
      showNewKey(created);
      form.reset();
      originsField.hidden = true;
      await refresh();
      say(status, `Created ${created.record.prefix}…`, 'ok');
      onCreated(created);
    } catch (err) {
      const issue = err.body?.issues?.[0];
      say(status, issue ? `${issue.path || 'request'}: ${issue.message}` : err.message, 'error');
    }
  });

  function showNewKey({ key, record }) {
    fill(
      newKey,
      h('strong', {}, `Your new ${record.type} key${record.label ? ` "${record.label}"` : ''}`),
      h('code', { id: 'new-key-value' }, key),
      h(
        'div',
        { class: 'row' },
        copyButton(key, 'Copy key'),
        h('span', { class: 'hint' }, 'Store it now: only a hash is kept, so it cannot be shown again.'),
      ),
    );
    newKey.hidden = false;
    newKey.focus();
  }

  await refresh();
  return { refresh };
}
