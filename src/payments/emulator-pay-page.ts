// The emulator's buyer-facing page (GET /pay/:order_id?origin=…): a Pay button that hands the signed payment to the opening page.
import { escapeHtml } from '../kernel/escape-html.ts';

/** The order fields the page shows. */
export interface PayPageOrder {
  id: string;
  amount: number;
  currency: string;
  status: string;
}

/** The origin a checkout page passed in `?origin=`, or null unless it is a bare http(s) origin. */
export function parentOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      url.origin !== value.replace(/\/$/, '').toLowerCase()
    )
      return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * Like the real gateway's checkout frame, the page posts `{type: 'gateway.payment', payment}` (razorpay_payment_id,
 * razorpay_order_id, razorpay_signature) or `{type: 'gateway.dismissed'}` to its parent, addressed to `origin` only.
 */
export function renderPayPage(order: PayPageOrder, origin: string): string {
  const amount = `${order.currency} ${(order.amount / 100).toFixed(2)}`;
  // JSON inside <script> must not be able to close the element.
  const config = JSON.stringify({ orderId: order.id, origin }).replaceAll('<', '\\u003c');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Gateway emulator</title>
<style>body{font:16px system-ui,sans-serif;margin:1.5rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style>
</head>
<body>
<h1>Gateway emulator</h1>
<p>Order <code id="order-id">${escapeHtml(order.id)}</code>: <strong id="amount">${escapeHtml(amount)}</strong></p>
<button id="pay" type="button">Pay ${escapeHtml(amount)}</button><button id="cancel" type="button">Cancel</button>
<p id="message" role="status"></p>
<script type="module">
const { orderId, origin } = ${config};
const target = window.opener ?? window.parent;
const pay = document.getElementById('pay');
pay.addEventListener('click', async () => {
  pay.disabled = true;
  const res = await fetch('/v1/orders/' + encodeURIComponent(orderId) + '/pay', { method: 'POST' });
  const payment = await res.json();
  if (!res.ok) {
    document.getElementById('message').textContent = payment.error?.description ?? 'Payment failed';
    pay.disabled = false;
    return;
  }
  document.getElementById('message').textContent = 'Paid';
  target.postMessage({ type: 'gateway.payment', payment }, origin);
});
const dismiss = () => target.postMessage({ type: 'gateway.dismissed' }, origin);
document.getElementById('cancel').addEventListener('click', dismiss);
// A modal for keyboard users: it opens on Pay, Tab wraps inside it, Escape cancels unless a payment is under way.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && !pay.disabled) return dismiss();
  if (event.key !== 'Tab') return;
  const controls = [...document.querySelectorAll('button:not(:disabled)')];
  const [first, last] = event.shiftKey ? [controls.at(-1), controls[0]] : [controls[0], controls.at(-1)];
  if (controls.includes(document.activeElement) && document.activeElement !== last) return;
  event.preventDefault();
  first?.focus();
});
pay.focus();
</script>
</body>
</html>
`;
}
