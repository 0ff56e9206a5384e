// Buyer checkout steps over the public APIs: email OTP, address with pincode check and serviceability, pin, COD or gateway.
// The amount in the URL is what create_order asks for; when the merchant's server set the session's cart, that value is charged.

const params = new URLSearchParams(window.location.search);
const merchantId = params.get('merchant_id');
const locationKey = params.get('key');
const cartValuePaise = Number(params.get('amount') ?? 149900);
const gatewayUrl = document.body.dataset.gatewayUrl;
/** Half the side of the pin square, in degrees (about 1.1 km of latitude). */
const SPAN = 0.01;

const state = { email: '', token: '', sessionId: '', pincode: null, address: null, centre: null, pin: null };
/** The address inputs, named as the API names the fields. */
const ADDRESS_FIELDS = [
  'name',
  'phone',
  'flat_number',
  'building_name',
  'street_name',
  'locality',
  'landmark',
  'city',
  'state',
];
/** One of these is needed: they say where in the pincode to deliver. */
const LINE_FIELDS = ['flat_number', 'building_name', 'street_name', 'locality'];
const $ = (id) => document.getElementById(id);

class ApiError extends Error {
  constructor(status, body) {
    super(body?.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body?.code;
  }
}

async function call(path, { method = 'POST', body, headers = {} } = {}) {
  const init = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

/** Checkout endpoints authenticated by the session token from the OTP step. */
const checkout = (path, body) => call(path, { body, headers: { 'x-session-token': state.token } });
/** An /checkout-addresses action; its answers are {success, data}. */
const book = async (body) => (await checkout('/checkout-addresses', body)).data;
/** A /checkout-payment action; its answers carry their fields at the top level. */
const payment = (body) => checkout('/checkout-payment', body);
/** Location API calls with the merchant's public key (bound to this page's origin); answers are {success, data}. */
const geo = async (path, body) =>
  (await call(path, { method: body === undefined ? 'GET' : 'POST', body, headers: { 'x-api-key': locationKey } })).data;

function showError(err) {
  console.error('[checkout]', err.code ?? '', err.message);
  $('status').textContent = err.message;
}

function show(id) {
  $(id).hidden = false;
  $(id).scrollIntoView?.({ block: 'nearest' });
}

/** Runs a form's async step with its buttons disabled and errors shown in the status line. */
function onSubmit(form, step) {
  $(form).addEventListener('submit', async (event) => {
    event.preventDefault();
    const buttons = $(form).querySelectorAll('button');
    buttons.forEach((b) => (b.disabled = true));
    $('status').textContent = '';
    try {
      await step();
    } catch (err) {
      showError(err);
    } finally {
      if (!$(form).dataset.locked) buttons.forEach((b) => (b.disabled = false));
      // Focus left with the disabled button or the closed gateway frame: a keyboard user gets the button back.
      const lost = document.activeElement === document.body || !document.activeElement?.checkVisibility();
      if (!$(form).dataset.locked && lost) event.submitter?.focus();
    }
  });
}

/** A finished step: its fields and buttons stay disabled. */
function lock(form) {
  $(form).dataset.locked = 'true';
  $(form)
    .querySelectorAll('input, button')
    .forEach((el) => (el.disabled = true));
}

function rupees(paise) {
  return `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
}

// Step 1: email OTP.
onSubmit('email-form', async () => {
  state.email = $('email').value.trim();
  await call('/checkout-email-otp', { body: { action: 'send', email: state.email, merchant_id: merchantId } });
  $('otp-hint').textContent = `We sent a code to ${state.email}.`;
  $('otp-form').hidden = false;
  $('otp').focus();
});

onSubmit('otp-form', async () => {
  const body = {
    action: 'verify',
    email: state.email,
    merchant_id: merchantId,
    code: $('otp').value.trim(),
    cart_value_paise: cartValuePaise,
  };
  const verified = await call('/checkout-email-otp', { body });
  state.token = verified.session_token;
  state.sessionId = verified.session_id;
  lock('email-form');
  lock('otp-form');
  $('otp-hint').textContent = `Signed in as ${state.email}.`;
  $('otp-hint').className = 'hint ok';
  show('step-address');
  $('name').focus();
});

// Step 2: the pincode is checked against the postal directory as it is typed, then the address is saved and checked for delivery.
/** The directory entry for the pincode in the field (cached per value), shown under it; null when unknown. */
async function checkPincode() {
  const pincode = $('pincode').value.trim();
  if (state.pincode?.pincode === pincode) return state.pincode;
  const info = await geo(`/v1/pincode/validate/${pincode}`);
  if (pincode !== $('pincode').value.trim()) return info.exists ? info : null;
  state.pincode = info.exists ? info : null;
  $('pincode-info').textContent = info.exists
    ? `${info.offices[0]?.name ?? ''}, ${info.district}, ${info.state}`
    : `${pincode} is not a known pincode`;
  $('pincode-info').className = info.exists ? 'hint ok' : 'hint error';
  if (info.exists && !$('city').value) $('city').value = info.district ?? '';
  if (info.exists && !$('state').value) $('state').value = info.state ?? '';
  return state.pincode;
}

$('pincode').addEventListener('input', () => {
  $('pincode-info').textContent = '';
  if (/^[0-9]{6}$/.test($('pincode').value.trim())) checkPincode().catch(showError);
});

onSubmit('address-form', async () => {
  const pincode = $('pincode').value.trim();
  if (!(await checkPincode())) throw new Error(`Pincode ${pincode} is not in the India Post directory`);
  const address = { pincode };
  for (const field of ADDRESS_FIELDS) {
    const value = $(field).value.trim();
    if (value) address[field] = value;
  }
  if (!LINE_FIELDS.some((field) => address[field])) throw new Error('Enter a flat, building, street or locality');
  const created = await book({ action: 'create', address, is_default: true });
  const delivery = await book({ action: 'serviceability_check', pincode });
  $('serviceability').textContent =
    delivery.message +
    (delivery.show_postal_delivery_warning ? ' (no post office here delivers; the courier may still)' : '');
  $('serviceability').className = delivery.block_checkout ? 'hint error' : 'hint ok';
  if (delivery.block_checkout) return;
  const completed = await book({ action: 'address_completed', address_id: created.address.id });
  lock('address-form');
  state.address = completed.address;
  const { latitude, longitude } =
    completed.address.latitude != null ? completed.address : (state.pincode.coordinates ?? {});
  if (latitude == null) throw new Error('No coordinates for this address; enter them below');
  state.centre = { latitude, longitude };
  show('step-pin');
  await setPin(latitude, longitude);
});

// Step 3: the pin. The square spans ±SPAN degrees around the geocoded point; every move is re-encoded as a geopin.
let pinRequest = 0;

async function setPin(latitude, longitude) {
  const lat = Math.round(latitude * 1e6) / 1e6;
  const lng = Math.round(longitude * 1e6) / 1e6;
  $('pin-lat').value = String(lat);
  $('pin-lng').value = String(lng);
  const { latitude: cLat, longitude: cLng } = state.centre;
  $('pin-dot').setAttribute('cx', String(clamp(100 + ((lng - cLng) / SPAN) * 100)));
  $('pin-dot').setAttribute('cy', String(clamp(100 - ((lat - cLat) / SPAN) * 100)));
  state.pin = null;
  $('confirm-pin').disabled = true;
  $('geopin').textContent = '…';
  const request = ++pinRequest;
  try {
    const answer = await geo('/v1/geopin/coordinates-to-geopin', { latitude: lat, longitude: lng });
    if (request !== pinRequest) return;
    state.pin = { latitude: lat, longitude: lng, geopin: answer.geopin };
    $('geopin').textContent = answer.geopin;
    $('confirm-pin').disabled = false;
  } catch (err) {
    if (request === pinRequest) showError(err);
  }
}

function clamp(v) {
  return Math.min(200, Math.max(0, v));
}

$('pin-map').addEventListener('click', (event) => {
  const box = $('pin-map').getBoundingClientRect();
  const x = (event.clientX - box.left) / box.width;
  const y = (event.clientY - box.top) / box.height;
  void setPin(state.centre.latitude + (0.5 - y) * 2 * SPAN, state.centre.longitude + (x - 0.5) * 2 * SPAN);
});

for (const id of ['pin-lat', 'pin-lng']) {
  $(id).addEventListener('change', () => {
    const lat = Number($('pin-lat').value);
    const lng = Number($('pin-lng').value);
    if ($('pin-lat').value && $('pin-lng').value && Number.isFinite(lat) && Number.isFinite(lng)) void setPin(lat, lng);
  });
}

$('confirm-pin').addEventListener('click', async () => {
  $('confirm-pin').disabled = true;
  $('status').textContent = '';
  try {
    // The courier sees the confirmed point, not only the pincode.
    const { latitude, longitude } = state.pin;
    const delivery = await book({
      action: 'serviceability_check',
      pincode: state.address.pincode,
      lat: latitude,
      lng: longitude,
    });
    if (delivery.block_checkout) throw new Error(delivery.message);
    const cod = await book({ action: 'cod_eligibility' });
    $('method-cod').disabled = !cod.eligible;
    $('cod-message').textContent = cod.message;
    $('pin-map').style.pointerEvents = 'none';
    ['pin-lat', 'pin-lng'].forEach((id) => ($(id).disabled = true));
    show('step-payment');
  } catch (err) {
    $('confirm-pin').disabled = false;
    showError(err);
  }
});

// Step 4: payment, COD directly or through the gateway's pay page in a frame.
onSubmit('payment-form', async () => {
  const method = new FormData($('payment-form')).get('method');
  if (method === 'cod') {
    await payment({ action: 'record_cod' });
    return done('cod', 'Cash on delivery: pay when it arrives.');
  }
  // The amount shown must be the amount charged: the server refuses (409 amount_mismatch) when the merchant set another.
  const order = await payment({ action: 'create_order', amount_paise: cartValuePaise });
  const paid = await payAtGateway(order.gateway_order_id);
  const verified = await payment({
    action: 'verify',
    gateway_order_id: paid.razorpay_order_id,
    gateway_payment_id: paid.razorpay_payment_id,
    gateway_signature: paid.razorpay_signature,
  });
  done('gateway', `Paid ${rupees(order.amount_paise)} online (${verified.gateway_payment_id}).`);
});

/** Opens the gateway's page for the order and resolves with the signed payment it posts back (Razorpay's handler fields). */
function payAtGateway(orderId) {
  const origin = new URL(gatewayUrl).origin;
  const frame = $('gateway-frame');
  const overlay = $('gateway-overlay');
  return new Promise((resolve, reject) => {
    const onMessage = (event) => {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      if (event.data?.type !== 'gateway.payment' && event.data?.type !== 'gateway.dismissed') return;
      if (event.data.type === 'gateway.payment') resolve(event.data.payment);
      overlay.close();
    };
    // Escape is the pay page's to handle (never while a payment is under way), not the dialog's.
    const noCancel = (event) => event.preventDefault();
    overlay.addEventListener('cancel', noCancel);
    // Every way out; after a payment the promise is settled and reject does nothing.
    const onClose = () => {
      window.removeEventListener('message', onMessage);
      overlay.removeEventListener('cancel', noCancel);
      frame.src = 'about:blank';
      reject(new Error('Payment cancelled'));
    };
    window.addEventListener('message', onMessage);
    overlay.addEventListener('close', onClose, { once: true });
    frame.src = `${gatewayUrl}/pay/${encodeURIComponent(orderId)}?origin=${encodeURIComponent(window.location.origin)}`;
    overlay.showModal();
  });
}

function done(method, text) {
  lock('payment-form');
  $('result').textContent = text;
  $('result').dataset.paymentMethod = method;
  show('step-done');
}

$('cart-total').textContent = rupees(cartValuePaise);
if (!merchantId || !locationKey) {
  $('status').textContent = 'Open this page as /checkout?merchant_id=…&key=… (a public location key for this origin).';
  lock('email-form');
}
