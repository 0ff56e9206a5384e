// "Send all failing now": after the shop's server was down, or a webhook URL was first set, every failing delivery is
// sent again with one click, not one "Send again" per row.
import { api, plural, say } from '/console/console.js';
import { sendRefusal } from '/merchant/assets/delivery-detail.js';

/** Calls at most (each sends up to 500): the server's per-minute limit stops a runaway loop before this does. */
const MAX_CALLS = 20;

/** How many deliveries are failing now (failed, or waiting to retry after a failed attempt). */
export async function failingCount() {
  return (await api('GET', '/checkout-admin?action=webhook_events&state=failing&limit=1')).total;
}

/**
 * Wires the button: shown with the count while some are failing and a URL is set (`show(count, hasUrl)`); a click
 * confirms, sends them all, says how many, and calls `refresh`.
 */
export function resendFailing(button, status, refresh) {
  let count = 0;
  button.addEventListener('click', async () => {
    if (!confirm(`Send ${plural(count, 'failing delivery', 'failing deliveries')} again now?`)) return;
    button.disabled = true;
    say(status, 'Sending…');
    let sent = 0;
    try {
      for (let call = 0; call < MAX_CALLS; call++) {
        const { redelivered, more } = await api('POST', '/checkout-admin?action=redeliver_failing');
        sent += redelivered;
        if (!more) break;
      }
      await refresh();
      say(status, `${plural(sent, 'delivery is', 'deliveries are')} being sent now`, 'ok');
    } catch (err) {
      say(status, sent ? `${sent} sent; the rest not: ${sendRefusal(err)}` : sendRefusal(err), 'error');
    } finally {
      button.disabled = false;
    }
  });
  return {
    show(failing, hasUrl) {
      count = failing;
      button.hidden = !(failing > 0 && hasUrl);
      button.textContent = failing > 0 ? `Send all ${failing} failing now` : 'Send all failing now';
    },
  };
}
