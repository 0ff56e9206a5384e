// An order's payments that completed nothing: each refund still due, with a way to record it made, and those recorded.
import { api, formatTime, h, rupees, say } from '/console/console.js';
import { changeRecorded } from '/merchant/assets/audit.js';
import { REFUSED_BECAUSE } from '/merchant/assets/order-timeline.js';

/** The refunds due and the refunds recorded of `orders`; `reload` shows the order again once one is recorded. */
export function refunds(orders, reload) {
  const all = orders.flatMap((o) => o.refused_payments.map((r) => ({ ...r, order: o })));
  const owed = all.filter((r) => !r.refunded_at);
  const done = all.filter((r) => r.refunded_at);
  return [owed.length ? due(owed, reload) : null, done.length ? recorded(done) : null];
}

function due(owed, reload) {
  return h(
    'div',
    { class: 'notice warn refunds-due', role: 'alert' },
    h('strong', {}, owed.length === 1 ? 'A refund is due' : `${owed.length} refunds are due`),
    h(
      'ul',
      {},
      owed.map((r) =>
        h(
          'li',
          {},
          'Gateway payment ',
          h('code', {}, r.gateway_payment_id),
          ` (${rupees(r.order.amount_paise)}, order `,
          h('code', {}, r.order.gateway_order_id),
          `) was taken at ${formatTime(r.refused_at)} but completed nothing: `,
          `${REFUSED_BECAUSE[r.reason] ?? r.reason}. Refund it in your payment gateway's dashboard, then record it here.`,
          recordForm(r, reload),
        ),
      ),
    ),
  );
}

/** The refund id is optional: some gateways show none, and the payment id already names what was refunded. */
function recordForm(r, reload) {
  const id = `refund-ref-${r.gateway_payment_id}`;
  const status = h('p', { class: 'status', role: 'status' });
  const form = h(
    'form',
    { class: 'refund-form', 'data-payment': r.gateway_payment_id },
    h('label', { for: id }, 'Gateway refund id (optional)'),
    h('input', {
      id,
      type: 'text',
      name: 'refund_reference',
      maxlength: '100',
      autocomplete: 'off',
      placeholder: 'rfnd_…',
    }),
    h('button', { type: 'submit' }, 'I refunded it'),
    status,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const amount = rupees(r.order.amount_paise);
    if (!confirm(`Record that you refunded ${amount} (payment ${r.gateway_payment_id})? It is then no longer due.`))
      return;
    const button = form.querySelector('button');
    button.disabled = true;
    say(status, 'Recording…');
    try {
      const reference = form.elements.refund_reference.value.trim();
      await api('POST', '/checkout-admin?action=record_refund', {
        gateway_payment_id: r.gateway_payment_id,
        refund_reference: reference || null,
      });
      changeRecorded();
      await reload();
      // The form is gone with the reload: the refund's new line says it was recorded.
      document.querySelector('.refunds-recorded')?.focus();
    } catch (err) {
      button.disabled = false;
      say(status, `Not recorded: ${err.message}`, 'error');
    }
  });
  return form;
}

function recorded(done) {
  return h(
    'div',
    { class: 'notice info refunds-recorded', tabindex: '-1' },
    h('strong', {}, done.length === 1 ? 'Refund recorded' : `${done.length} refunds recorded`),
    h(
      'ul',
      {},
      done.map((r) =>
        h(
          'li',
          {},
          'Gateway payment ',
          h('code', {}, r.gateway_payment_id),
          ` (${rupees(r.order.amount_paise)}) refunded, recorded ${formatTime(r.refunded_at)} by ${r.refunded_by}`,
          r.refund_reference ? [': gateway refund ', h('code', {}, r.refund_reference)] : '',
          '.',
        ),
      ),
    ),
  );
}
