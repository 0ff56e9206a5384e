// <geopin-checkout merchant="…" location-key="…" amount-paise="…">: the buyer checkout widget a merchant embeds
// with one script tag. It talks only to the service it was loaded from, inside a shadow root the page's styles leave
// alone.
import { createApi } from './api.js';
import { CheckoutFlow } from './checkout-flow.js';
import { h } from './dom.js';
import { funnelTracker, utmOf } from './funnel.js';
import { savedSession } from './saved-session.js';

/** Where this file was loaded from: its folder holds the other files; the service is two levels up. */
const ASSET_BASE = new URL('.', import.meta.url).href.replace(/\/$/, '');
const SERVICE_BASE = new URL('../..', import.meta.url).href.replace(/\/$/, '');

class GeopinCheckout extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const shadow = this.attachShadow({ mode: 'open' });
    const root = h('div', { class: 'gc', hidden: true });
    const css = h('link', { rel: 'stylesheet', href: `${ASSET_BASE}/geopin-checkout.css` });
    // Shown once styled, so the buyer never sees the bare form.
    css.addEventListener('load', () => (root.hidden = false));
    css.addEventListener('error', () => (root.hidden = false));
    shadow.append(css, root);
    const merchantId = this.getAttribute('merchant') ?? '';
    const locationKey = this.getAttribute('location-key') ?? '';
    const amount = Number(this.getAttribute('amount-paise'));
    if (!merchantId || !locationKey) {
      root.append(h('p', { role: 'alert' }, 'This checkout needs the merchant and location-key attributes.'));
      return;
    }
    const saved = savedSession(merchantId);
    const api = createApi({
      base: this.getAttribute('api-base') ?? SERVICE_BASE,
      merchantId,
      locationKey,
      // Nothing to resume; an order another tab placed is shown as placed.
      onSessionEnded: (err) => (saved.clear(), flow.sessionEnded(err)),
    });
    const utm = utmOf(this);
    const amountPaise = Number.isInteger(amount) && amount > 0 ? amount : null;
    const flow = new CheckoutFlow({
      root,
      shadow,
      host: this,
      api,
      funnel: funnelTracker(api, utm),
      saved,
      options: {
        assetBase: ASSET_BASE,
        amountPaise,
        successUrl: this.getAttribute('success-url'),
        verifyExtras: {
          ...(Object.keys(utm).length ? { utm } : {}),
          ...(amountPaise ? { cart_value_paise: amountPaise } : {}),
        },
      },
    });
    void flow.start();
  }
}

if (!customElements.get('geopin-checkout')) customElements.define('geopin-checkout', GeopinCheckout);
