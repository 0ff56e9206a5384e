// The audit log section: who changed settings, keys and offers, what changed and when, newest first, 20 a page.
import { api, fill, formatTime, h, pager } from '/console/console.js';

const PAGE = 20;
const show = (v) => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

export async function initAudit() {
  const body = document.getElementById('audit-body');
  const pages = pager('audit', PAGE, () => load().catch(() => undefined));

  async function load() {
    const { entries, total } = await api(
      'GET',
      `/checkout-admin?action=audit_log&limit=${PAGE}&offset=${pages.offset}`,
    );
    fill(
      body,
      entries.length === 0
        ? h('tr', {}, h('td', { colspan: 4 }, 'No changes recorded yet.'))
        : entries.map((e) =>
            h(
              'tr',
              {},
              h('td', { 'data-label': 'Time' }, formatTime(e.created_at)),
              h('td', { 'data-label': 'Who', class: 'user-text' }, e.actor),
              h('td', { 'data-label': 'What' }, e.action, e.target ? [h('br'), h('code', {}, e.target)] : null),
              h(
                'td',
                { 'data-label': 'Changes', class: 'user-text' },
                h(
                  'ul',
                  { class: 'changes' },
                  Object.entries(e.changes).map(([field, c]) =>
                    h('li', {}, h('strong', {}, field), `: ${show(c.from)} → ${show(c.to)}`),
                  ),
                ),
              ),
            ),
          ),
    );
    pages.show(total, entries.length);
  }
  await load();
}
