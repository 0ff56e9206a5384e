// The key table, the create form (server or public with origins) and revoke buttons; a new key is shown once with a copy button.
import { api, copyButton, fill, formatNumber, formatTime, h, isolated, say } from '/console/console.js';
import { clearErrors, issuesByField, lines, showErrors } from '/console/field-errors.js';
import { originEntries, originProblems, refusedOrigins } from '/console/origins.js';
import { quotaUsed, refusedUntil } from '/dashboard/assets/quota.js';

const BASE = '/dashboard/api';

const NO_ORIGIN = 'A public key needs at least one origin: the site that uses it, e.g. https://shop.example.';

/** What is wrong with a public key's origins, in words (every bad one, a line each); null when nothing. */
function originsProblem(origins) {
  if (origins.length === 0) return NO_ORIGIN;
  const bad = originProblems(origins);
  return bad.length ? lines(bad) : null;
}

/** Why the server refused a label, said of the label. */
function labelWords(message) {
  if (/direction/.test(message))
    return 'The label has characters that change the direction of text (such as U+202E): remove them.';
  if (/show something/.test(message)) return 'The label shows nothing: it holds only spaces or invisible characters.';
  if (/control/.test(message)) return 'The label holds a hidden character (a tab or a line break): type it again.';
  return `The label ${message}.`;
}

/** The server's refusal as [input, words] pairs, under the field each issue names. */
function refusedKey(err, form, origins) {
  return [...issuesByField(err)]
    .map(([name, issues]) =>
      name === 'allowed_origins'
        ? [
            form.elements.origins,
            issues.some((i) => i.index === null) ? NO_ORIGIN : lines(refusedOrigins(issues, origins)),
          ]
        : [form.elements[name], name === 'label' ? labelWords(issues[0].message) : issues[0].message],
    )
    .filter(([input]) => input);
}

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
      h('td', { 'data-label': 'Label', class: 'user-text' }, key.label ? h('bdi', {}, key.label) : '—'),
      cell('Key', h('code', {}, `${key.prefix}…`), ' ', state),
      cell('Type', key.type),
      h(
        'td',
        { 'data-label': 'Origins', class: 'user-text' },
        key.allowed_origins.length ? key.allowed_origins.join(', ') : '—',
      ),
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
        `Revoke ${isolated(key.label ?? key.prefix)}? Requests with it are refused within a second, ` +
          'and this cannot be undone.',
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

  form.addEventListener('change', (event) => {
    // Another type of key: what was said of the other form no longer applies.
    if (event.target.name === 'type') clearErrors(form);
    originsField.hidden = form.elements.type.value !== 'public';
    form.elements.origins.required = !originsField.hidden;
  });

  /** Problems under their fields, and the status line saying no key was made. */
  const refused = (pairs, err) => {
    if (pairs.length) showErrors(pairs);
    const which = pairs.length === 1 ? 'the field' : 'the fields';
    say(
      status,
      pairs.length ? `No key was created: fix ${which} marked below.` : `No key was created: ${err.message}`,
      'error',
    );
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(status, '');
    const type = form.elements.type.value;
    const label = form.elements.label.value.trim();
    const origins = type === 'public' ? originEntries(form.elements.origins.value) : [];
    const found = type === 'public' ? originsProblem(origins) : null;
    if (found) return refused([[form.elements.origins, found]]);
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
      refused(refusedKey(err, form, origins), err);
    }
  });

  function showNewKey({ key, record }) {
    fill(
      newKey,
      h('strong', {}, `Your new ${record.type} key`, record.label ? [' “', h('bdi', {}, record.label), '”'] : ''),
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
