// The webhook section: delivery attempts with status and response, a redeliver button on failed deliveries, a test send.
import { api, fill, formatTime, h, say } from '/console/console.js';

const TONE = { delivered: 'ok', failed: 'bad', pending: 'warn', sending: 'warn' };

export async function initDeliveries() {
  const body = document.getElementById('deliveries-body');
  const status = document.getElementById('deliveries-status');

  async function load() {
    const { deliveries } = await api('GET', '/checkout-admin?action=webhook_deliveries&limit=50');
    // Attempts are listed newest first; the button goes on the newest attempt of each failed delivery only.
    const offered = new Set();
    fill(
      body,
      deliveries.length === 0
        ? h('tr', {}, h('td', { colspan: 7 }, 'No deliveries yet.'))
        : deliveries.map((d) => {
            const button =
              d.status === 'failed' && !offered.has(d.delivery_id)
                ? h(
                    'button',
                    {
                      type: 'button',
                      class: 'secondary small',
                      'aria-label': `Redeliver ${d.event} ${d.delivery_id}`,
                      onclick: () => redeliver(d),
                    },
                    'Redeliver',
                  )
                : null;
            offered.add(d.delivery_id);
            return h(
              'tr',
              { 'data-delivery-id': d.delivery_id },
              h('td', {}, formatTime(d.created_at)),
              h('td', {}, d.event),
              h('td', { class: 'num' }, d.attempt),
              h('td', {}, d.http_status ?? '—'),
              h('td', {}, h('span', { class: `pill ${TONE[d.status] ?? 'muted'}` }, d.status)),
              h('td', { class: 'mono' }, (d.error ?? d.response_body ?? '').slice(0, 120) || '—'),
              h('td', {}, button),
            );
          }),
    );
  }

  async function redeliver(d) {
    try {
      await api('POST', '/checkout-admin?action=redeliver_webhook', { delivery_id: d.delivery_id });
      say(status, `Delivery ${d.delivery_id.slice(0, 8)}… queued again`, 'ok');
      await load();
    } catch (err) {
      say(status, err.message, 'error');
    }
  }

  document
    .getElementById('deliveries-refresh')
    .addEventListener('click', () => load().catch((err) => say(status, err.message, 'error')));
  document.getElementById('test-webhook').addEventListener('click', async () => {
    try {
      const { message } = await api('POST', '/checkout-admin?action=test_webhook');
      say(status, message, 'ok');
      setTimeout(() => load().catch(() => undefined), 1500);
    } catch (err) {
      say(status, err.message, 'error');
    }
  });
  await load();
}
