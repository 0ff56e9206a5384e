// The settings section: webhook, cash on delivery, payment gateway and browser origins, each its own form over PATCH /checkout-admin.
import { api, h, plural, say } from '/console/console.js';
import { WEBHOOK_URL_SAVED } from '/merchant/assets/delivery-detail.js';
import { announceOrigins, followOrigins } from '/merchant/assets/integration.js';

/** A labelled input; `hint` is tied to it with aria-describedby. */
function field(id, label, input, hint) {
  input.id = id;
  if (hint) input.setAttribute('aria-describedby', `${id}-hint`);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    input,
    hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null,
  );
}

const check = (id, label, checked) =>
  h('label', { class: 'check' }, h('input', { id, name: id, type: 'checkbox', checked }), label);
const lines = (text) =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** A form card: fields, a save button and a status line; `save()` returns the message to show. */
function settingsForm(id, title, fields, save) {
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const form = h(
    'form',
    { id, 'aria-labelledby': `${id}-title` },
    h('h3', { id: `${id}-title` }, title),
    fields,
    h('button', { type: 'submit' }, 'Save'),
    status,
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    try {
      say(status, await save(form), 'ok');
    } catch (err) {
      const issue = err.body?.issues?.[0];
      say(status, issue ? `${issue.path}: ${issue.message}` : err.message, 'error');
    }
  });
  return form;
}

export async function initSettings() {
  const [webhook, cod, payment, origins] = await Promise.all([
    api('GET', '/checkout-admin?action=webhooks'),
    api('GET', '/checkout-admin?action=cod_config'),
    api('GET', '/checkout-admin?action=get_payment_config'),
    api('GET', '/checkout-admin?action=settings'),
  ]);
  const patch = (action, body) => api('PATCH', `/checkout-admin?action=${action}`, body);
  const originsInput = h('textarea', { name: 'origins' }, origins.allowed_origins.join('\n'));
  const showOrigins = followOrigins(originsInput, 'settings');
  document.getElementById('settings-forms').replaceChildren(
    settingsForm(
      'webhook-form',
      'Webhook',
      [
        field(
          'webhook-url',
          'Endpoint URL',
          h('input', {
            type: 'url',
            name: 'url',
            value: webhook.webhook_url ?? '',
            placeholder: 'https://shop.example/hooks',
          }),
        ),
        field(
          'webhook-secret',
          'Signing secret',
          h('input', { type: 'password', name: 'secret', autocomplete: 'new-password', minlength: 16 }),
          webhook.webhook_secret_set
            ? 'A secret is set; leave empty to keep it.'
            : 'At least 16 characters; used for the signature headers.',
        ),
      ],
      async (form) => {
        const url = form.elements.url.value.trim();
        const secret = form.elements.secret.value;
        const saved = await patch('webhooks', {
          webhook_url: url || null,
          ...(secret ? { webhook_secret: secret } : {}),
        });
        form.elements.secret.value = '';
        document.dispatchEvent(new CustomEvent(WEBHOOK_URL_SAVED, { detail: { url: saved.webhook_url } }));
        return saved.webhook_url ? `Webhooks go to ${saved.webhook_url}` : 'Webhooks are off';
      },
    ),
    settingsForm(
      'cod-form',
      'Cash on delivery',
      [
        check('cod-enabled', 'Offer cash on delivery', cod.enable_cod),
        field(
          'cod-max',
          'Largest cart for COD (₹)',
          h('input', {
            type: 'number',
            name: 'max',
            min: 1,
            step: 1,
            value: cod.cod_max_cart_value_paise === null ? '' : cod.cod_max_cart_value_paise / 100,
          }),
          'Empty: no limit.',
        ),
        field(
          'cod-blocked',
          'Pincodes without COD',
          h('textarea', { name: 'blocked' }, cod.cod_blocked_pincodes.join('\n')),
          'One 6-digit pincode per line.',
        ),
      ],
      async (form) => {
        const max = form.elements.max.value.trim();
        const saved = await patch('cod_config', {
          enable_cod: form.elements['cod-enabled'].checked,
          cod_max_cart_value_paise: max ? Math.round(Number(max) * 100) : null,
          cod_blocked_pincodes: lines(form.elements.blocked.value),
        });
        return saved.enable_cod ? `COD on; ${plural(saved.cod_blocked_pincodes.length, 'pincode')} blocked` : 'COD off';
      },
    ),
    settingsForm(
      'payment-form',
      'Payment gateway',
      [
        check('payment-enabled', 'Take payments at checkout', payment.payment_enabled),
        field(
          'gateway-key-id',
          'Gateway key id',
          h('input', {
            type: 'text',
            name: 'keyId',
            value: payment.gateway_key_id ?? '',
            required: true,
            autocomplete: 'off',
          }),
        ),
        field(
          'gateway-secret',
          'Gateway key secret',
          h('input', { type: 'password', name: 'secret', required: true, autocomplete: 'new-password' }),
          payment.gateway_secret_key_set
            ? 'A secret is stored (encrypted); enter it again to change the settings.'
            : 'Stored encrypted; never shown again.',
        ),
      ],
      async (form) => {
        await patch('set_payment_config', {
          gateway_key_id: form.elements.keyId.value.trim(),
          gateway_secret_key: form.elements.secret.value,
          payment_enabled: form.elements['payment-enabled'].checked,
        });
        form.elements.secret.value = '';
        return 'Gateway settings saved';
      },
    ),
    settingsForm(
      'origins-form',
      'Checkout widget',
      [
        field(
          'allowed-origins',
          'Allowed origins',
          originsInput,
          'Sites that may embed the checkout, one per line, e.g. https://shop.example.',
        ),
        field(
          'coverage-url',
          'Courier coverage URL',
          h('input', { type: 'url', name: 'coverage', value: origins.courier_coverage_url ?? '' }),
          'Optional serviceability endpoint.',
        ),
      ],
      async (form) => {
        const coverage = form.elements.coverage.value.trim();
        const saved = await patch('settings', {
          allowed_origins: lines(form.elements.origins.value),
          courier_coverage_url: coverage || null,
        });
        showOrigins(saved.allowed_origins);
        announceOrigins(saved.allowed_origins, 'settings');
        return `${plural(saved.allowed_origins.length, 'origin')} allowed`;
      },
    ),
  );
}
