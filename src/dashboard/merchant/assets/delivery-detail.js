// One webhook delivery in full: the exact body it sends, and each attempt with its time, answer and outcome.
import { fill, formatTime, h } from '/console/console.js';

export const STATE_TONE = { delivered: 'ok', failed: 'bad', pending: 'warn', sending: 'warn' };
export const OUTCOME_TONE = { delivered: 'ok', retrying: 'warn', failed: 'bad' };
export const STATE_NAMES = { delivered: 'delivered', failed: 'given up', pending: 'waiting', sending: 'sending' };
/** The server's words for an event of a shop without a webhook URL: logged, never sent (server NOT_CONFIGURED). */
export const NOT_CONFIGURED = 'no webhook_url configured; not retried';
/** Fired on `document` when the webhook URL is saved, with `{ url }`: the webhook log and its notice follow it. */
export const WEBHOOK_URL_SAVED = 'merchant:webhook-url';

/** True for a delivery never sent because the shop had no webhook URL: not a failure of the merchant's server. */
export function notSent(d) {
  const last = d.last_attempt ?? d.attempt_log?.[d.attempt_log.length - 1];
  return d.status === 'failed' && last?.error === NOT_CONFIGURED;
}

/** The delivery's state as a pill: "not sent" (muted), not a red "given up", when there was nowhere to send it. */
export function statePill(d) {
  if (notSent(d)) return h('span', { class: 'pill muted' }, 'not sent');
  return h('span', { class: `pill ${STATE_TONE[d.status] ?? 'muted'}` }, STATE_NAMES[d.status] ?? d.status);
}

/** Each attempt error (docs/webhooks.md) as a shop owner would say it; the code stays after it for their developer. */
const ERROR_WORDS = {
  bad_url: 'the URL is not a web address',
  blocked_scheme: 'the URL is not https',
  blocked_port: 'the URL uses a port that is not allowed',
  blocked_address: 'the URL leads to a private or local address',
  dns_failed: "the URL's host name was not found",
  connect_failed: 'the receiver could not be reached',
  tls_failed: "the receiver's secure connection failed (certificate)",
  timeout: 'the receiver did not answer in time',
  bad_response: "the receiver's answer broke off or was not HTTP",
};

/** An attempt's error in words: the missing URL is said as the merchant would, a known code explained. */
export function attemptError(error) {
  if (error === NOT_CONFIGURED) return 'not sent: no webhook URL was set';
  return ERROR_WORDS[error] ? `${ERROR_WORDS[error]} (${error})` : error;
}

/** The refusal of a send when no URL is set, for a person rather than an API client. */
export function sendRefusal(err) {
  return err.code === 'webhook_not_configured'
    ? 'No webhook URL is set, so there is nowhere to send it. Set one in Settings, then send it again.'
    : err.message;
}

/** The attempts as a table and the payload as formatted JSON. */
export function deliveryDetail(d) {
  const cell = (label, attrs, ...content) => h('td', { 'data-label': label, ...attrs }, ...content);
  const rows = d.attempt_log.map((a) =>
    h(
      'tr',
      {},
      cell('#', { class: 'num' }, a.attempt),
      cell('Time', {}, formatTime(a.created_at)),
      cell('HTTP', {}, a.http_status ?? '—'),
      cell(
        'Outcome',
        {},
        a.error === NOT_CONFIGURED
          ? h('span', { class: 'pill muted' }, 'not sent')
          : h('span', { class: `pill ${OUTCOME_TONE[a.outcome] ?? 'muted'}` }, a.outcome),
      ),
      cell(
        'Response or error',
        { class: 'mono' },
        [attemptError(a.error), a.response_body].filter(Boolean).join(' · ') || '—',
      ),
      cell('Retry planned', {}, a.next_retry_at ? formatTime(a.next_retry_at) : '—'),
    ),
  );
  return h(
    'div',
    { class: 'delivery-detail' },
    h('p', { class: 'hint' }, 'Delivery id ', h('code', {}, d.delivery_id)),
    h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': `Attempts of ${d.event}` },
      h(
        'table',
        { class: 'cards' },
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ['#', 'Time', 'HTTP', 'Outcome', 'Response or error', 'Retry planned'].map((t) =>
              h('th', { scope: 'col' }, t),
            ),
          ),
        ),
        h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 6 }, 'Not attempted yet.'))),
      ),
    ),
    h('h4', {}, 'Payload (the exact body sent and signed)'),
    h('pre', { class: 'payload', tabindex: '0' }, h('code', {}, JSON.stringify(d.payload, null, 2))),
  );
}

/** Shows `d` in `box` with a heading and a close button. */
export function showDetail(box, d, onClose) {
  fill(
    box,
    h(
      'div',
      { class: 'row detail-head' },
      h('h3', {}, `${d.event} · `, statePill(d)),
      h('button', { type: 'button', class: 'secondary small', onclick: onClose }, 'Close'),
    ),
    deliveryDetail(d),
  );
  box.hidden = false;
  box.focus();
}
