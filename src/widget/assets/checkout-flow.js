// The buyer's journey, one step at a time: email code, address (saved or new), the pin on the map, payment, done.
// Each step takes focus at its heading, reports itself to the funnel, and shows its errors where they occur.
import { addressBook } from './address-book.js';
import { addressForm, placeForPincode } from './address-form.js';
import { sessionEnded } from './api.js';
import { h } from './dom.js';
import { orderPlaced, placedPayment } from './order-placed.js';
import { orderTotal } from './order-total.js';
import { confirmedPayment, confirmingPanel, verifyUntilAnswered } from './payment-confirm.js';
import { buyerMessage, paymentStep } from './payment-step.js';
import { pinMap } from './pin-map.js';
import { IDLE_MS } from './saved-session.js';
import { codeForm, emailForm } from './sign-in.js';
import { startPoint } from './start-point.js';

const STEPS = ['Email', 'Address', 'Location', 'Payment'];
/** Said over the saved addresses when the one the buyer was on was deleted meanwhile. */
const ADDRESS_GONE = 'That address was deleted (in another tab or window): choose an address or add one.';

/** A step's notice, said at once; nothing when there is none. */
const noticeLine = (notice) => (notice ? h('p', { class: 'gc-message error', role: 'alert' }, notice) : null);

export class CheckoutFlow {
  constructor({ root, shadow, host, api, funnel, saved, options }) {
    Object.assign(this, { root, shadow, host, api, funnel, saved, options });
    // `received`: the payments the gateway reported for this tab (receivedPayment), confirmed or not.
    this.state = { email: '', session: null, config: null, received: [] };
    this.progress = h('ol', { class: 'gc-steps', 'aria-label': 'Checkout steps' });
    this.body = h('div', { class: 'gc-body' });
    this.title = h('h2', { class: 'gc-title' }, 'Checkout');
    root.replaceChildren(h('header', { class: 'gc-head' }, this.title, this.progress), this.body);
  }

  async start() {
    try {
      this.state.config = await this.api.config();
      this.title.textContent = `Checkout · ${this.state.config.name}`;
    } catch (err) {
      return this.fail(
        err.code === 'origin_not_allowed' ? `${err.message}. The shop must allow it in its dashboard.` : err.message,
      );
    }
    const kept = this.saved.load();
    if (kept) return this.resume(kept);
    this.funnel.track('checkout_opened', 'email');
    // On a shared phone the next person finds the sign-in; the same buyer back after a while is told why.
    const idle = `Your sign-in ended after ${IDLE_MS / 60_000} minutes without a step; sign in again.`;
    this.emailStep(this.saved.dropped() ? idle : '');
  }

  /**
   * A reload or Back and Forward in this tab: the kept session goes on at the address step without a new code (what
   * was typed and not saved is gone). A session the server no longer takes sends the buyer back to sign in.
   */
  resume(kept) {
    this.api.setToken(kept.session_token);
    this.state.email = kept.email;
    this.state.session = { session_id: kept.session_id, buyer_id: kept.buyer_id };
    this.state.received = kept.payments ?? [];
    this.funnel.setSession(kept.session_id);
    this.funnel.track('checkout_opened', 'email');
    return this.go(() =>
      this.resumeAt().catch((err) => {
        if (!sessionEnded(err)) throw err;
        this.state.session = null;
        this.api.setToken('');
        this.funnel.setSession(null);
        this.emailStep('Your sign-in has ended; sign in again.');
      }),
    );
  }

  /**
   * A kept session goes on at the address step, unless its order was placed meanwhile (in another tab, or by this
   * tab's payment) or a payment this tab made waits for its confirmation.
   */
  async resumeAt() {
    const state = await this.api.book({ action: 'session_status' });
    if (state.status === 'completed') return this.placedBefore(state);
    const received = this.state.received.at(-1);
    // The address the buyer confirmed before the reload is offered first, not the book's default.
    return received ? this.confirmReceived(received) : this.addressStep(state.selected_address_id ?? null);
  }

  /**
   * A payment the gateway reported before a reload, its confirmation lost: confirmed now, never paid again. A refusal
   * naming the order's payment shows that order; any other is the service's answer, and the buyer goes on from there.
   */
  async confirmReceived(received) {
    const panel = confirmingPanel(received.amount_paise);
    this.show(3, 'Confirming your payment', panel.el);
    try {
      await verifyUntilAnswered(this.api, received, (seconds) => panel.wait(seconds));
    } catch (err) {
      if (err.body?.payment_method && err.body.payment)
        return this.placedBefore(err.body, err.body.refund_required ? received.amount_paise : null);
      return panel.refused(buyerMessage(err), () => this.go(() => this.addressStep()));
    }
    this.done({ id: received.address_id }, received.geopin, confirmedPayment(received));
  }

  /** The server refused the session for good mid-step: an order placed already (in another tab) is shown as placed. */
  sessionEnded(err) {
    if (err.code === 'session_completed') void this.placedBefore();
  }

  fail(text) {
    this.body.replaceChildren(h('p', { class: 'gc-message error', role: 'alert' }, text));
  }

  /** Shows a step: its progress mark, its heading (focused, so screen readers announce it) and content. */
  show(index, heading, ...content) {
    this.progress.replaceChildren(
      ...STEPS.map((name, i) =>
        h(
          'li',
          { class: i < index ? 'done' : i === index ? 'current' : '', 'aria-current': i === index ? 'step' : null },
          name,
          // A done step's green bar is colour alone, which a screen reader does not read: it gets the word.
          i < index ? h('span', { class: 'gc-sr' }, ' (completed)') : null,
        ),
      ),
    );
    const title = h('h3', { tabindex: '-1', class: 'gc-step-title' }, heading);
    this.body.replaceChildren(title, ...content);
    // A step taken: a reload within the next half hour still resumes.
    if (this.state.session) this.saved.touch();
    if (this.started) title.focus({ preventScroll: true });
    this.started = true;
    this.host.scrollIntoView?.({ block: 'nearest' });
  }

  /** The sign-in form; `notice` says why the buyer is there again. */
  emailStep(notice = '') {
    this.current?.stop();
    this.current = emailForm({
      api: this.api,
      email: this.state.email,
      notice,
      onSent: (email, sent) => {
        this.state.email = email;
        this.funnel.track('otp_sent', 'email');
        this.codeStep(sent);
      },
    });
    this.show(0, 'Sign in with your email', this.current.el);
  }

  codeStep(sent) {
    this.current = codeForm({
      api: this.api,
      email: this.state.email,
      sent,
      extras: this.options.verifyExtras,
      onChangeEmail: () => this.emailStep(),
      onVerified: async (session) => {
        this.api.setToken(session.session_token);
        this.state.session = session;
        this.saved.save(session, this.state.email);
        this.funnel.setSession(session.session_id);
        this.funnel.track('otp_verified', 'otp');
        await this.go(() => this.addressStep());
      },
    });
    this.show(0, 'Enter the code we emailed you', this.current.el);
    this.current.focus();
  }

  /**
   * Runs a step change; a failure (network, server) is shown in place of the step with a way to try again. Resolves
   * once either is shown, so the form that asked can stay busy until then (a second tap would do it all twice).
   */
  go(next) {
    return Promise.resolve()
      .then(next)
      .catch((err) => {
        // Placed in another tab: sessionEnded() shows the order, and trying again could only be refused again.
        if (err.code === 'session_completed') return;
        const retry = h('button', { type: 'button', class: 'gc-secondary', onclick: () => this.go(next) }, 'Try again');
        this.body.replaceChildren(
          h('p', { class: 'gc-message error', role: 'alert' }, err.message || 'Something went wrong'),
          h('div', { class: 'gc-actions' }, retry),
        );
        retry.focus();
      });
  }

  /**
   * The saved addresses, `selected` (an address id) chosen when given; the empty form when there are none. `notice`
   * says why the buyer is back here.
   */
  async addressStep(selected = null, notice = '') {
    const { addresses } = await this.api.book({ action: 'list' });
    if (addresses.length === 0) return this.addressFormStep(null, false, notice);
    const book = addressBook({
      api: this.api,
      addresses,
      selected,
      onChoose: (a) => {
        this.funnel.track('address_selected', 'address');
        return this.go(() => this.mapStep(a));
      },
      onEdit: (a) => this.addressFormStep(a, true),
      onAdd: () => this.addressFormStep(null, true),
    });
    this.show(1, 'Where should we deliver?', noticeLine(notice), book.el);
  }

  /**
   * Runs a step's call on a saved address; when the address was deleted meanwhile (in another tab), the buyer is taken
   * back to the saved addresses, told so, instead of being shown the server's "No address <id>" on a step that cannot
   * go on (the refusal is still thrown, to the step now gone).
   */
  async onAddress(call, leaving = () => undefined) {
    try {
      return await call();
    } catch (err) {
      if (err.code === 'address_not_found') {
        leaving();
        await this.go(() => this.addressStep(null, ADDRESS_GONE));
      }
      throw err;
    }
  }

  /** The form for a new address (`initial` null) or for editing one; `canCancel` goes back to the saved list. */
  addressFormStep(initial, canCancel, notice = '') {
    const form = addressForm({
      api: this.api,
      initial,
      offerDefault: canCancel && !initial?.is_default,
      save: async (address, isDefault, stored) => {
        if (!stored) return this.api.book({ action: 'create', address, is_default: isDefault });
        return this.onAddress(async () => {
          const saved = await this.api.book({ action: 'update', address_id: stored.id, address });
          if (!isDefault || saved.address.is_default) return saved;
          const made = await this.api.book({ action: 'set_default', address_id: stored.id });
          return { ...saved, address: made.address };
        });
      },
      onSaved: (address) => {
        this.funnel.track('address_entered', 'address');
        // An edit that moved the address cleared the pin confirmed for it (the server's rule): say so on the map.
        const unpinned = initial?.latitude != null && address.latitude == null;
        return this.go(() => this.mapStep(address, unpinned));
      },
      onCancel: canCancel ? () => this.go(() => this.addressStep()) : null,
    });
    this.show(1, initial ? 'Edit the address' : 'Add a delivery address', noticeLine(notice), form.el);
  }

  /** The map step for `address`; `unpinned` when an edit just cleared the pin the buyer had confirmed for it. */
  async mapStep(address, unpinned = false) {
    const start = await startPoint(this.api, address);
    const step = pinMap({
      api: this.api,
      notice: unpinned ? 'The address changed, so the pin starts from it again: move it to your door.' : '',
      assetBase: this.options.assetBase,
      shadow: this.shadow,
      styleUrl: this.state.config.map_style_url,
      pincode: address.pincode,
      start,
      onBack: () => (step.destroy(), this.go(() => this.addressStep(address.id))),
      // "Use pincode 110024": the pin's pincode replaces a mistyped one (the server refills the district), if the shop
      // delivers there, as the form checks for a typed one; a city and state the old pincode gave follow it.
      onUsePincode: async (pincode) => {
        const [delivery, before, after] = await Promise.all([
          this.api.book({ action: 'serviceability_check', pincode }),
          this.api.geo(`/v1/pincode/validate/${address.pincode}`),
          this.api.geo(`/v1/pincode/validate/${pincode}`),
        ]);
        if (delivery.block_checkout) throw new Error(delivery.message || `This shop does not deliver to ${pincode}`);
        const patch = { pincode, ...placeForPincode(address, before, after) };
        const update = { action: 'update', address_id: address.id, address: patch };
        address = (
          await this.onAddress(
            () => this.api.book(update),
            () => step.destroy(),
          )
        ).address;
      },
      onConfirm: async (pin) => {
        const { geopin } = await this.api.geo('/v1/geopin/coordinates-to-geopin', pin);
        const confirm = async () => {
          const saved = (await this.api.book({ action: 'update', address_id: address.id, address: pin })).address;
          return this.api.book({ action: 'address_completed', address_id: saved.id });
        };
        const done = await this.onAddress(confirm, () => step.destroy());
        this.funnel.track('location_confirmed', 'location');
        step.destroy();
        await this.paymentStep(done.address, geopin);
      },
    });
    this.show(2, 'Confirm the delivery location', step.el);
    await step.start();
  }

  async paymentStep(address, geopin) {
    const [session, offer] = await Promise.all([
      this.api.book({ action: 'cod_eligibility', address_id: address.id }),
      this.api.offer().catch(() => null),
    ]);
    const order = orderTotal({ pageCart: this.options.amountPaise, offer, cod: session });
    // Cash on delivery is judged on what the buyer will pay, the offer taken off.
    const cod =
      order.total === null || order.total === session.cart_value_paise
        ? session
        : await this.api.book({ action: 'cod_eligibility', address_id: address.id, amount_paise: order.total });
    const step = paymentStep({
      api: this.api,
      config: this.state.config,
      order,
      cod,
      offer,
      address,
      geopin,
      shadow: this.shadow,
      onPaid: (payment) => this.done(address, geopin, payment),
      onPlacedBefore: (refused, refundPaise) => this.placedBefore(refused, refundPaise),
      onReceived: (received) => (this.state.received.push(received), this.saved.keepPayment(received)),
      onBack: () => this.go(() => this.mapStep(address)),
    });
    step.el.addEventListener('submit', () => this.funnel.track('payment_selected', 'payment'), { capture: true });
    this.show(3, 'Review and pay', step.el);
  }

  /**
   * This checkout's order was placed before this tab asked (in another tab, or by a payment whose answer it lost): how
   * and where, as the server has it (`known`: its session_status, or a refusal's payment), and a way on.
   * `refundPaise`: what this tab paid that the order did not use. Nothing is ordered or charged again. An order its
   * own payment placed is shown as placed here.
   */
  placedBefore(known = null, refundPaise = null) {
    if (!this.state.session) return Promise.resolve();
    this.placing ??= (async () => {
      const asked = known?.status ? known : await this.api.book({ action: 'session_status' }).catch(() => null);
      const state = asked ?? known ?? {};
      const payment = placedPayment(state);
      // Placed by a payment this tab's gateway reported, its confirmation lost: this tab's own order, placed here.
      const own = payment.gateway_payment_id
        ? this.state.received.find((r) => r.gateway_payment_id === payment.gateway_payment_id)
        : null;
      const earlier = own ? null : { refundPaise, onNewCheckout: () => this.newCheckout() };
      const address = { id: state.address_id ?? own?.address_id ?? null };
      this.done(address, state.geopin ?? own?.geopin ?? null, payment, earlier);
    })();
    return this.placing;
  }

  /** Another checkout in this tab: the sign-in again, the email kept. */
  newCheckout() {
    this.placing = null;
    this.state.session = null;
    this.state.received = [];
    this.api.setToken('');
    this.funnel.setSession(null);
    this.funnel.track('checkout_opened', 'email');
    this.emailStep();
  }

  /** The order is placed; `earlier` (placedBefore) when it was placed before this tab asked. */
  done(address, geopin, payment, earlier = null) {
    // The order is placed: nothing is left to resume, and the session no longer opens a checkout.
    this.saved.clear();
    this.funnel.track('order_placed', 'done');
    const { session } = this.state;
    const detail = {
      session_id: session.session_id,
      buyer_id: session.buyer_id,
      address_id: address.id,
      geopin,
      ...payment,
      // Another tab may have announced this order already: a merchant's page keys its order by session_id.
      ...(earlier ? { already_placed: true } : {}),
    };
    this.progress.replaceChildren();
    this.show(4, 'Order placed', orderPlaced({ payment, geopin, address, sessionId: session.session_id, earlier }));
    this.host.dispatchEvent(new CustomEvent('geopin-checkout:complete', { detail, bubbles: true, composed: true }));
    const next = this.options.successUrl;
    if (next) {
      const url = new URL(next, window.location.href);
      url.searchParams.set('service_session_id', session.session_id);
      window.location.assign(url.href);
    }
  }
}
