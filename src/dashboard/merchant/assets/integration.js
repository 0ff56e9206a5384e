// The Integration section: the checkout widget's snippet with this merchant's own ids, and the origins it may run on.
import { api, codeSample, fill, h, say } from '/console/console.js';
import { clearErrors, issuesByField, lines, showErrors } from '/console/field-errors.js';
import { originEntries, originProblems, refusedOrigins } from '/console/origins.js';

/** Settings and Integration both edit the store's origins: a save in one shows in the other. */
const ORIGINS_SAVED = 'merchant:origins-saved';

export function announceOrigins(origins, from) {
  document.dispatchEvent(new CustomEvent(ORIGINS_SAVED, { detail: { origins, from } }));
}

/** Shows origins saved elsewhere in `textarea`, unless the person has started editing it. */
export function followOrigins(textarea, self, onChange = () => {}) {
  let shown = textarea.value;
  const show = (origins) => {
    textarea.value = origins.join('\n');
    shown = textarea.value;
  };
  document.addEventListener(ORIGINS_SAVED, (event) => {
    if (event.detail.from === self) return;
    if (textarea.value === shown) show(event.detail.origins);
    onChange();
  });
  return show;
}

/** The snippet a store pastes where the checkout goes (docs/widget.md describes every attribute). */
export function snippet(base, merchantId, key) {
  return [
    `<script type="module" src="${base}/widget/v1/geopin-checkout.js"></script>`,
    `<geopin-checkout merchant="${merchantId}"`,
    `  location-key="${key}"`,
    '  amount-paise="149900"></geopin-checkout>',
  ].join('\n');
}

function renderSnippet(box, info) {
  if (!info.widget_key) {
    fill(box, h('p', { class: 'hint' }, 'Add the origin of your store below; the snippet appears here.'));
    return;
  }
  fill(
    box,
    codeSample(
      'Paste this where the checkout goes',
      snippet(window.location.origin, info.merchant_id, info.widget_key),
    ),
    h(
      'p',
      { class: 'hint' },
      'Set amount-paise to the cart total in paise. Merchant id ',
      h('code', { class: 'mono' }, info.merchant_id),
      ', location key ',
      h('code', { class: 'mono' }, info.widget_key),
      ' (public: it works only from the origins below). Your page may load the widget under a Content-Security-Policy',
      ' that allows this service in script-src, style-src, connect-src, img-src and worker-src (with blob:).',
    ),
    amountWarning(),
  );
}

/** amount-paise is in the store's page, so a buyer can edit it: said by the snippet, with the two ways to guard. */
function amountWarning() {
  return h(
    'div',
    { class: 'notice info', id: 'integration-amount' },
    h(
      'p',
      {},
      h('strong', {}, 'A buyer can change amount-paise.'),
      ' It is part of your page, so anyone can edit it in ',
      'their browser, and the widget charges that amount unless your server fixed it.',
    ),
    h(
      'p',
      {},
      'To protect your orders, either have your server call ',
      h('code', {}, 'set_session_cart'),
      ' with the order total when the buyer signs in (then that amount is charged and no other), or check ',
      h('code', {}, 'amount_paise'),
      ' in the ',
      h('code', {}, 'session.completed'),
      ' webhook against your order before you ship. Orders whose amount the page set are marked in Orders. See ',
      h('a', { href: '/docs?q=set_session_cart' }, 'set_session_cart in the API reference'),
      ' and “The checkout flow” in docs/checkout-api.md.',
    ),
  );
}

/** The origins form; its error shows under the field it is about. */
function originsForm(info, onSaved) {
  const input = h('textarea', {
    id: 'integration-origins-input',
    name: 'origins',
    rows: 3,
    'aria-describedby': 'integration-origins-hint',
  });
  input.value = info.allowed_origins.join('\n');
  const status = h('p', { class: 'status', id: 'integration-status', role: 'status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { novalidate: true },
    h(
      'div',
      { class: 'field' },
      h('label', { for: input.id }, 'Store origins'),
      input,
      h(
        'span',
        { class: 'hint', id: 'integration-origins-hint' },
        'One per line: scheme and host, e.g. https://shop.example.',
      ),
    ),
    h('button', { type: 'submit' }, 'Save origins'),
  );
  const show = followOrigins(input, 'integration', onSaved);
  const refused = (words) => {
    showErrors([[input, lines(words)]]);
    say(status, 'Nothing was saved: fix the field marked above.', 'error');
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(status, '');
    const entries = originEntries(input.value);
    const problems = originProblems(entries);
    if (problems.length) return refused(problems);
    try {
      const saved = await api('PATCH', '/checkout-admin?action=settings', { allowed_origins: entries });
      show(saved.allowed_origins);
      announceOrigins(saved.allowed_origins, 'integration');
      await onSaved();
      const n = saved.allowed_origins.length;
      say(status, `${n} origin${n === 1 ? '' : 's'} allowed`, 'ok');
    } catch (err) {
      const issues = issuesByField(err).get('allowed_origins');
      if (issues) refused(refusedOrigins(issues, entries));
      else say(status, `Nothing was saved: ${err.message}`, 'error');
    }
  });
  return [form, status];
}

export async function initIntegration() {
  const body = document.getElementById('integration-body');
  const box = h('div', { id: 'integration-snippet' });
  const info = await api('GET', '/merchant/api/integration');
  const reload = async () => renderSnippet(box, await api('GET', '/merchant/api/integration'));
  fill(
    body,
    h('p', { class: 'hint' }, 'The checkout widget on your store: one script and one element.'),
    box,
    ...originsForm(info, reload),
  );
  renderSnippet(box, info);
}
