// The payment step: the order summary (amount, the UTM offer, where it goes), cash on delivery when the merchant's
// rules allow it, or online payment through the gateway's own checkout (Razorpay's, or a pay page in a frame).
import { addressText } from './address-book.js';
import { busy, h, messageLine, rupees, uid } from './dom.js';
import { confirmedPayment, confirmingPanel, receivedPayment, verifyUntilAnswered } from './payment-confirm.js';

/** What an offer gives, in words. */
export function offerText(offer) {
  const value =
    offer.discount_type === 'percent' ? `${offer.discount_value}% off` : `${rupees(offer.discount_value)} off`;
  const minimum = offer.min_cart_value_paise ? ` on orders above ${rupees(offer.min_cart_value_paise)}` : '';
  return `${value}${minimum}`;
}

/** The order summary: cart, the offer's discount, the total; or the merchant's fixed total alone. */
function summaryList(order, offer) {
  if (order.total === null) return h('p', { class: 'gc-hint' }, 'The shop will tell you the total.');
  return h(
    'dl',
    { class: 'gc-summary' },
    order.discount ? [h('dt', {}, 'Cart'), h('dd', {}, rupees(order.cart))] : null,
    order.discount ? [h('dt', {}, offer.title), h('dd', {}, `−${rupees(order.discount)}`)] : null,
    h('dt', { class: 'gc-total' }, order.fixedByMerchant ? 'Total (set by the shop)' : 'Total'),
    h('dd', { class: 'gc-total', 'data-amount-paise': order.total }, rupees(order.total)),
  );
}

/** Why cash on delivery can or cannot be had, with the shop's limit when the cart is over it. */
/** Said under the ways to pay when none is open to this order. */
const CLOSED = 'This order cannot be placed as it is (see above): change the address or the cart, or contact the shop.';

function codHint(cod) {
  if (cod.eligible) return 'Pay when the order arrives';
  if (cod.reason === 'cart_value_exceeds_limit' && Number.isInteger(cod.cod_max_cart_value_paise))
    return `Not available: cash on delivery is for orders up to ${rupees(cod.cod_max_cart_value_paise)}`;
  return cod.message;
}

/**
 * `order` is orderTotal()'s answer (what will be charged is order.total); `cod` the cod_eligibility answer for that
 * total. `onPaid({payment_method, …})` finishes the checkout; `onPlacedBefore(refusal, refundPaise)` shows an order
 * this checkout placed already (another tab); `onBack()` returns to the map step. `onReceived(received)` hears of a
 * payment the gateway reported (receivedPayment) before it is confirmed.
 */
export function paymentStep({
  api,
  config,
  order,
  cod,
  offer,
  address,
  geopin,
  shadow,
  onPaid,
  onPlacedBefore,
  onReceived,
  onBack,
}) {
  let amount = order.total;
  // An offer is announced only where it shows in the total: not when this cart does not get it (it would take all of
  // it), nor when the shop fixed the total itself.
  const announced = offer && (order.discount > 0 || order.cart === null) ? offer : null;
  const message = messageLine();
  const name = uid('method');
  const methods = [];
  const payOnline = h('span', {}, `Pay online ${rupees(amount)}`);
  if (config.payment_enabled && amount !== null) methods.push(['gateway', payOnline, 'UPI, cards, net banking']);
  if (config.cod_enabled) methods.push(['cod', 'Cash on delivery', codHint(cod)]);
  const firstAvailable = methods.find(([m]) => m !== 'cod' || cod.eligible)?.[0];
  const options = methods.map(([value, label, hint]) => {
    const radio = h('input', {
      type: 'radio',
      name,
      value,
      id: `${name}-${value}`,
      checked: value === firstAvailable,
      disabled: value === 'cod' && !cod.eligible,
      'aria-labelledby': `${name}-${value}-name`,
      'aria-describedby': `${name}-${value}-hint`,
    });
    // The whole card is the label, so a tap on its hint or its edge chooses it; the name stays the method's alone.
    return h(
      'li',
      {},
      h(
        'label',
        { for: radio.id },
        radio,
        h(
          'span',
          {},
          h('span', { id: `${name}-${value}-name` }, label),
          h('span', { class: 'gc-hint', id: `${name}-${value}-hint` }, hint),
        ),
      ),
    );
  });
  // The shop takes payment itself (Mode A) only when it offers no way here; when its ways are all closed to this order
  // (cash on delivery over its limit, or not to this pincode), the order cannot be placed, and the card says why.
  const none = methods.length === 0;
  const closed = !none && !firstAvailable;
  const submit = h(
    'button',
    { type: 'submit', class: 'gc-primary', hidden: closed },
    none ? 'Continue' : 'Place order',
  );
  const banner = announced
    ? h(
        'div',
        { class: 'gc-offer', role: 'note' },
        h('strong', {}, announced.title),
        h('span', {}, announced.description ?? offerText(announced)),
      )
    : null;
  let summary = summaryList(order, offer);
  const choices = none
    ? h('p', { class: 'gc-hint' }, 'The shop takes payment for this order itself.')
    : h('fieldset', {}, h('legend', {}, 'Payment method'), h('ul', { class: 'gc-methods' }, options));
  const actions = h(
    'div',
    { class: 'gc-actions' },
    // Back to the map (and from there the address): a wrong address is changed without signing in again.
    h('button', { type: 'button', class: 'gc-secondary', onclick: onBack }, 'Back'),
    submit,
  );
  const form = h(
    'form',
    { class: 'gc-form' },
    banner,
    h('h4', {}, 'Order summary'),
    summary,
    h('p', { class: 'gc-deliver' }, 'Deliver to ', h('strong', {}, address.name ?? ''), `: ${addressText(address)}`),
    h('p', { class: 'gc-hint' }, 'Geopin ', h('span', { class: 'gc-mono' }, geopin)),
    choices,
    closed ? h('p', { class: 'gc-hint', role: 'note' }, CLOSED) : null,
    message.el,
    actions,
  );
  const label = () => {
    const method = form.querySelector('input[type=radio]:checked')?.value;
    submit.textContent = method === 'gateway' ? `Pay ${rupees(amount)}` : none ? 'Continue' : 'Place order';
  };
  form.addEventListener('change', label);
  label();

  /** The shop set another total meanwhile (its server's set_session_cart): that total is what is paid now. */
  function reprice(total) {
    amount = total;
    const next = summaryList({ cart: total, discount: 0, total, fixedByMerchant: true }, offer);
    summary.replaceWith(next);
    summary = next;
    banner?.remove();
    payOnline.textContent = `Pay online ${rupees(total)}`;
    label();
  }

  /** A payment of `paise` is received, not yet confirmed: the ways to pay give way to its confirmation, retried. */
  let panel = null;
  function confirming(paise) {
    if (panel) return panel;
    panel = confirmingPanel(paise);
    message.clear();
    message.el.before(panel.el);
    choices.hidden = actions.hidden = true;
    return panel;
  }
  /** The service answered that the payment completes nothing: the buyer may pay again, as it says. */
  function answered() {
    panel?.el.remove();
    panel = null;
    choices.hidden = actions.hidden = false;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    message.clear();
    const method = form.querySelector('input[type=radio]:checked')?.value ?? null;
    if (closed) return;
    // What this tab had the gateway take, owed back when the order was placed already by then.
    let charged = null;
    void busy(form, async () => {
      try {
        if (method === null) return onPaid({ payment_method: null });
        if (method === 'cod') {
          message.say('Placing the order…');
          await api.payment({ action: 'record_cod', ...(amount === null ? {} : { amount_paise: amount }) });
          return onPaid({ payment_method: 'cod', amount_paise: amount });
        }
        message.say('Opening the payment page…');
        const created = await api.payment({ action: 'create_order', amount_paise: amount });
        message.say('Waiting for the payment to finish…');
        const paid = await payAtGateway(config, created, { shadow, address });
        charged = created.amount_paise;
        const received = receivedPayment(paid, { amountPaise: charged, addressId: address.id, geopin });
        onReceived(received);
        message.say('Payment received; confirming it with the shop…');
        await verifyUntilAnswered(api, received, (seconds) => confirming(charged).wait(seconds));
        onPaid(confirmedPayment(received));
      } catch (err) {
        answered();
        // A refusal naming the payment that placed the order (session_already_paid, or COD recorded for another
        // amount): placed already, in another tab (cash on delivery too) or by a payment whose answer this tab lost.
        if (err.body?.payment_method && err.body.payment)
          return onPlacedBefore(err.body, err.body.refund_required ? charged : null);
        const total = err.code === 'amount_mismatch' ? err.body.cart_value_paise : undefined;
        if (Number.isInteger(total) && total !== amount) reprice(total);
        message.say(buyerMessage(err, total), 'error');
      }
    });
  });
  return { el: form, focus: () => form.querySelector('input[type=radio]:checked, button[type=submit]')?.focus() };
}

/** A refusal in the buyer's words: a payment that went through and completed nothing is the shop's to refund. */
export function buyerMessage(err, total) {
  const paid = err.body?.amount_paise;
  const refund = err.body?.refund_required
    ? `Your payment${Number.isInteger(paid) ? ` of ${rupees(paid)}` : ''} was not used for this order; ` +
      'the shop will refund it. '
    : '';
  if (err.code === 'payment_refunded')
    return 'The shop has refunded this payment, so it cannot pay for the order. Place the order again to pay.';
  if (err.code === 'amount_mismatch' && Number.isInteger(total))
    return `${refund}The shop has changed the total to ${rupees(total)}: check it, then place the order again.`;
  return `${refund}${err.message}`;
}

/** The gateway's checkout for the order; resolves with Razorpay's handler fields, rejects when the buyer closes it. */
function payAtGateway(config, order, { shadow, address }) {
  if (config.gateway.kind === 'razorpay') return razorpay(config, order, address);
  const origin = new URL(config.gateway.url).origin;
  // The pay page answers only this page's origin (postMessage's target).
  const back = encodeURIComponent(window.location.origin);
  const frame = h('iframe', {
    title: 'Payment',
    src: `${config.gateway.url}/pay/${encodeURIComponent(order.gateway_order_id)}?origin=${back}`,
  });
  // A modal <dialog>: the store's page and the widget behind it are inert, so Tab stays in the frame.
  const overlay = h('dialog', { class: 'gc-overlay', 'aria-label': 'Payment' }, frame);
  shadow.querySelector('.gc').append(overlay);
  overlay.showModal();
  return new Promise((resolve, reject) => {
    const onMessage = (event) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      if (event.data?.type !== 'gateway.payment' && event.data?.type !== 'gateway.dismissed') return;
      if (event.data.type === 'gateway.payment') resolve(event.data.payment);
      overlay.close();
    };
    // Escape is the pay page's to handle, which refuses it while a payment is under way; the dialog's own would not.
    overlay.addEventListener('cancel', (event) => event.preventDefault());
    // Every way out; after a payment the promise is settled and reject does nothing.
    overlay.addEventListener('close', () => {
      window.removeEventListener('message', onMessage);
      overlay.remove();
      reject(new Error('Payment cancelled; choose a method and try again'));
    });
    window.addEventListener('message', onMessage);
  });
}

/** Razorpay Checkout (checkout.js, loaded on first use from Razorpay, as its integration guide asks). */
async function razorpay(config, order, address) {
  if (!window.Razorpay) {
    await new Promise((resolve, reject) => {
      const script = h('script', { src: config.gateway.script_url, async: true });
      script.addEventListener('load', resolve);
      script.addEventListener('error', () => reject(new Error('The payment page could not be loaded')));
      document.head.append(script);
    });
  }
  return new Promise((resolve, reject) => {
    const checkout = new window.Razorpay({
      key: order.gateway_key_id,
      order_id: order.gateway_order_id,
      amount: order.amount_paise,
      currency: order.currency ?? 'INR',
      name: config.name,
      prefill: { name: address.name ?? '', contact: address.phone ?? '' },
      handler: resolve,
      modal: { ondismiss: () => reject(new Error('Payment cancelled; choose a method and try again')) },
    });
    checkout.open();
  });
}
