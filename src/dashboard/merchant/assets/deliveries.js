// The webhook log: one row per event sent with its attempts, the next try, "retry now" (one, or all failing), the
// full body, a test send.
import { api, fill, formatTime, h, pager, plural, say } from '/console/console.js';
import {
  attemptError,
  notSent,
  sendRefusal,
  showDetail,
  statePill,
  WEBHOOK_URL_SAVED,
} from '/merchant/assets/delivery-detail.js';
import { failingCount, resendFailing } from '/merchant/assets/resend-failing.js';

/** Deliveries a page shows. */
const PAGE = 50;

/** Why an old delivery is not listed: the server deletes finished ones some days after their last attempt. */
function keptFor(days) {
  if (days === null) return 'Deliveries are kept for good.';
  const kept = `Delivered and given-up deliveries are kept ${plural(days, 'day', 'days')} after their last attempt`;
  return `${kept}; waiting ones until they are done.`;
}

export async function initDeliveries() {
  const body = document.getElementById('deliveries-body');
  const status = document.getElementById('deliveries-status');
  const filter = document.getElementById('deliveries-filter');
  const detail = document.getElementById('delivery-detail');
  const kept = document.getElementById('deliveries-kept');
  const noUrl = document.getElementById('deliveries-no-url');
  /** The shop's webhook URL now: without one, events are logged but never sent, and the log says so once. */
  let webhookUrl = (await api('GET', '/checkout-admin?action=webhooks')).webhook_url;
  const showUrlState = () => {
    noUrl.hidden = Boolean(webhookUrl);
  };
  showUrlState();
  document.addEventListener(WEBHOOK_URL_SAVED, (event) => {
    webhookUrl = event.detail.url;
    showUrlState();
    refresh();
  });

  /** The page at the pager's offset; says how many there are, and which of them are shown. */
  async function load() {
    const state = filter.value ? `&state=${filter.value}` : '';
    const [page, failing] = await Promise.all([
      api('GET', `/checkout-admin?action=webhook_events&limit=${PAGE}&offset=${pages.offset}${state}`),
      failingCount(),
    ]);
    resend.show(failing, Boolean(webhookUrl));
    const { deliveries, total } = page;
    kept.textContent = keptFor(page.retention_days);
    fill(
      body,
      deliveries.length === 0 ? h('tr', {}, h('td', { colspan: 7 }, 'No deliveries here yet.')) : deliveries.map(row),
    );
    pages.show(total, deliveries.length);
    return total;
  }

  function row(d) {
    const last = d.last_attempt;
    // An event never sent for want of a URL can be sent once there is one; until then the button has nowhere to go.
    const failing =
      (d.status === 'failed' && (webhookUrl || !notSent(d))) || (d.status === 'pending' && d.attempts > 0);
    const name = `${d.event} ${d.delivery_id}`;
    const cell = (label, attrs, ...content) => h('td', { 'data-label': label, ...attrs }, ...content);
    return h(
      'tr',
      { 'data-delivery-id': d.delivery_id },
      cell('Created', {}, formatTime(d.created_at)),
      cell('Event', {}, d.event, d.session_id ? h('br') : null, d.session_id ? link(d.session_id) : null),
      cell('State', {}, statePill(d)),
      cell('Attempts', { class: 'num' }, d.attempts),
      cell(
        'Last attempt',
        {},
        last
          ? [
              `${last.http_status ?? attemptError(last.error) ?? '—'} at ${formatTime(last.created_at)}`,
              h('br'),
              h('span', { class: 'mono' }, (last.response_body ?? '').slice(0, 80)),
            ]
          : 'not yet',
      ),
      cell('Next try', {}, d.next_attempt_at ? formatTime(d.next_attempt_at) : '—'),
      cell(
        'Actions',
        { class: 'actions' },
        h(
          'button',
          { type: 'button', class: 'secondary small', 'aria-label': `Details of ${name}`, onclick: () => open(d) },
          'Details',
        ),
        failing
          ? h(
              'button',
              {
                type: 'button',
                class: 'small',
                'aria-label': `${d.status === 'failed' ? 'Send again' : 'Retry now'} ${name}`,
                onclick: () => retry(d),
              },
              d.status === 'failed' ? 'Send again' : 'Retry now',
            )
          : null,
      ),
    );
  }

  const link = (sessionId) => h('a', { href: `#order/${sessionId}` }, 'order ', h('code', {}, sessionId.slice(0, 8)));

  async function open(d) {
    try {
      const full = await api('GET', `/checkout-admin?action=webhook_delivery&delivery_id=${d.delivery_id}`);
      showDetail(detail, full, () => {
        detail.hidden = true;
      });
    } catch (err) {
      say(status, err.message, 'error');
    }
  }

  async function retry(d) {
    try {
      await api('POST', '/checkout-admin?action=redeliver_webhook', { delivery_id: d.delivery_id });
      await load();
      // The rows were drawn anew: the keyboard user stays on the row, or on the list when the filter no longer shows it.
      (body.querySelector(`tr[data-delivery-id="${d.delivery_id}"] button`) ?? body.closest('.table-wrap'))?.focus();
      say(status, `${d.event} ${d.delivery_id.slice(0, 8)}… is being sent now`, 'ok');
    } catch (err) {
      say(status, sendRefusal(err), 'error');
    }
  }

  const refresh = () =>
    load()
      .then((total) =>
        say(
          status,
          `${plural(total, 'delivery', 'deliveries')} · refreshed ${formatTime(new Date().toISOString())}`,
          'info',
        ),
      )
      .catch((err) => say(status, err.message, 'error'));
  document.getElementById('deliveries-refresh').addEventListener('click', refresh);
  const resend = resendFailing(document.getElementById('resend-failing'), status, load);
  const pages = pager('deliveries', PAGE, refresh);
  filter.addEventListener('change', () => {
    pages.offset = 0;
    refresh();
  });
  document.getElementById('test-webhook').addEventListener('click', async () => {
    try {
      const { message } = await api('POST', '/checkout-admin?action=test_webhook');
      say(status, `${message}; it appears below within seconds`, 'ok');
      setTimeout(() => load().catch(() => undefined), 1500);
    } catch (err) {
      say(status, sendRefusal(err), 'error');
    }
  });
  await refresh();
}
