// The audit log section: who changed settings, keys and offers, what changed and when, newest first, 20 a page.
import { api, fill, formatTime, h, pager } from '/console/console.js';
import { actionWords, changeWords, offerTitle } from '/merchant/assets/audit-words.js';

const PAGE = 20;
const OFFER_ACTIONS = new Set(['offer_created', 'offer_updated']);

/** What was done, and to what: an offer by its title when known, a key by its prefix. */
function what(e, offers) {
  const title = OFFER_ACTIONS.has(e.action) ? offerTitle(e, offers) : null;
  const target = title ? h('bdi', {}, `“${title}”`) : e.target ? h('code', {}, e.target) : null;
  return target ? [actionWords(e.action), h('br'), target] : [actionWords(e.action)];
}

function row(e, offers) {
  const offer = offers.get(e.target);
  return h(
    'tr',
    { 'data-action': e.action, 'data-target': e.target },
    h('td', { 'data-label': 'Time' }, formatTime(e.created_at)),
    h('td', { 'data-label': 'Who', class: 'user-text' }, e.actor),
    h('td', { 'data-label': 'What', class: 'user-text' }, what(e, offers)),
    h(
      'td',
      { 'data-label': 'Changes', class: 'user-text' },
      h(
        'ul',
        { class: 'changes' },
        changeWords(e, offer?.discount_type).map(([name, from, to]) =>
          h('li', {}, h('strong', {}, name), ': ', h('bdi', {}, from), ' → ', h('bdi', {}, to)),
        ),
      ),
    ),
  );
}

const RECORDED = 'merchant:recorded';

/** Said by a section that saved a change: the audit log lists it without a reload. */
export const changeRecorded = () => document.dispatchEvent(new Event(RECORDED));

export async function initAudit() {
  const body = document.getElementById('audit-body');
  const pages = pager('audit', PAGE, () => load().catch(() => undefined));

  async function load() {
    const [{ entries, total }, { offers }] = await Promise.all([
      api('GET', `/checkout-admin?action=audit_log&limit=${PAGE}&offset=${pages.offset}`),
      // Entries name offers by id; their titles now name those whose entry has none.
      api('POST', '/checkout-offers', { action: 'list' }),
    ]);
    const byId = new Map(offers.map((o) => [o.id, o]));
    fill(
      body,
      entries.length === 0
        ? h('tr', {}, h('td', { colspan: 4 }, 'No changes recorded yet.'))
        : entries.map((e) => row(e, byId)),
    );
    pages.show(total, entries.length);
  }
  document.addEventListener(RECORDED, () => void load().catch(() => undefined));
  await load();
}
