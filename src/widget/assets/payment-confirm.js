// A payment the gateway reported for this tab, confirmed with the service: verify is asked again, after a growing pause
// and at once when the browser is back online, until the service answers. Meanwhile the buyer is told the payment was
// received and is offered no other way to pay (a second one would charge them twice).
import { h, rupees } from './dom.js';

/** Seconds before each next try: soon at first, then every half minute until an answer comes. */
const PAUSES_S = [2, 4, 8, 15, 30];

/** No answer to go by: the network failed, or the service (or the gateway it asks) cannot answer for now. */
export const unanswered = (err) => err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;

/**
 * What this tab keeps of a payment the gateway's handler reported: what verify needs, what was charged, and where the
 * order goes (so a reload can finish the checkout from it).
 */
export function receivedPayment(paid, { amountPaise, addressId, geopin }) {
  return {
    gateway_order_id: paid.razorpay_order_id,
    gateway_payment_id: paid.razorpay_payment_id,
    gateway_signature: paid.razorpay_signature,
    amount_paise: amountPaise,
    address_id: addressId,
    geopin,
  };
}

/** The completion's payment fields for a received payment the service confirmed. */
export const confirmedPayment = (received) => ({
  payment_method: 'gateway',
  amount_paise: received.amount_paise,
  gateway_order_id: received.gateway_order_id,
  gateway_payment_id: received.gateway_payment_id,
});

/**
 * Verify for `received`, asked again until the service answers: resolves with its answer, rejects with its refusal.
 * `pause(seconds)` shows the wait and resolves when the next try is due.
 */
export async function verifyUntilAnswered(api, received, pause) {
  const { gateway_order_id, gateway_payment_id, gateway_signature } = received;
  for (let tries = 0; ; tries++) {
    try {
      return await api.payment({ action: 'verify', gateway_order_id, gateway_payment_id, gateway_signature });
    } catch (err) {
      if (!unanswered(err)) throw err;
      await pause(PAUSES_S[Math.min(tries, PAUSES_S.length - 1)]);
    }
  }
}

/**
 * What the buyer sees while a received payment waits for its confirmation: that it was received, that there is nothing
 * more to pay, and when the next try is. `wait(seconds)` resolves then, when the browser is back online, or on
 * "Check now"; `refused(text, onContinue)` shows the service's refusal instead, and a way on.
 */
export function confirmingPanel(amountPaise) {
  const status = h('p', { class: 'gc-message', role: 'status' }, 'Confirming the payment…');
  const now = h('button', { type: 'button', class: 'gc-secondary' }, 'Check now');
  const paid = amountPaise ? `Your payment of ${rupees(amountPaise)}` : 'Your payment';
  const el = h(
    'div',
    { class: 'gc-confirming' },
    h('p', {}, `${paid} was received. It is being confirmed with the shop: you do not need to pay again.`),
    status,
    h('div', { class: 'gc-actions' }, now),
  );
  function wait(seconds) {
    status.textContent = navigator.onLine
      ? `The checkout service did not answer; trying again in ${seconds} s.`
      : 'You are offline; trying again as soon as you are back online.';
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        window.removeEventListener('online', go);
        now.removeEventListener('click', go);
        status.textContent = 'Confirming the payment…';
        resolve();
      };
      const timer = setTimeout(go, seconds * 1000);
      window.addEventListener('online', go);
      now.addEventListener('click', go);
    });
  }
  function refused(text, onContinue) {
    const next = h('button', { type: 'button', class: 'gc-primary', onclick: onContinue }, 'Continue');
    el.replaceChildren(
      h('p', { class: 'gc-message error', role: 'alert' }, text),
      h('div', { class: 'gc-actions' }, next),
    );
    next.focus();
  }
  return { el, wait, refused };
}
