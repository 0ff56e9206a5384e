// A checkout form that checks the pincode as it is typed, through this server (the location key never reaches the page).
// Run: GEOPIN_URL=http://localhost:3000 GEOPIN_KEY=gp_sk_… node pincode-form.mjs, then open http://localhost:8080.
import { createServer } from 'node:http';
import { LocationClient, ApiError } from '@geopin/client';

const geo = new LocationClient({
  baseUrl: process.env.GEOPIN_URL ?? 'http://localhost:3000',
  apiKey: process.env.GEOPIN_KEY,
  timeoutMs: 3000,
});

const page = `<!doctype html><meta charset="utf-8"><title>Checkout</title>
<form><label>Pincode <input id="pin" inputmode="numeric" maxlength="6" autocomplete="postal-code"></label>
<p id="out" aria-live="polite"></p><button id="pay" disabled>Continue</button></form>
<script>
pin.oninput = async () => {
  pay.disabled = true; out.textContent = '';
  if (!/^[1-9][0-9]{5}$/.test(pin.value)) return;
  const r = await (await fetch('/pincode/' + pin.value)).json();
  out.textContent = r.ok ? r.district + ', ' + r.state + (r.delivery ? '' : ' (no home delivery: collect at the post office)') : r.message;
  pay.disabled = !r.ok;
};
</script>`;

createServer(async (req, res) => {
  const match = /^\/pincode\/(\d{6})$/.exec(req.url ?? '');
  if (!match) return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  let answer;
  try {
    const pin = await geo.validatePincode(match[1]);
    answer = pin.exists
      ? { ok: true, state: pin.state, district: pin.district, delivery: pin.delivery }
      : { ok: false, message: 'This pincode does not exist' };
  } catch (err) {
    // Fail open: a slow or refusing location service must not block a sale.
    if (!(err instanceof Error)) throw err;
    console.error('pincode check failed', err instanceof ApiError ? `${err.code} ${err.requestId}` : err.message);
    answer = { ok: true, state: '', district: 'Not checked', delivery: true };
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
}).listen(8080, () => console.log('checkout form on http://localhost:8080'));
