// The settings section: webhook, cash on delivery, payment gateway and browser origins, each its own form over PATCH /checkout-admin.
import { api, h, plural } from '/console/console.js';
import { issuesByField, lines, refuse } from '/console/field-errors.js';
import { originEntries, originProblems, refusedOrigins } from '/console/origins.js';
import { WEBHOOK_URL_SAVED } from '/merchant/assets/delivery-detail.js';
import { announceOrigins, followOrigins } from '/merchant/assets/integration.js';
import { check, field, settingsForm } from '/merchant/assets/settings-form.js';
import { badPincodes, pincodeList, TUNNEL_ADVICE, unknownPincodes, urlWords } from '/merchant/assets/settings-words.js';

const patch = (action, body) => api('PATCH', `/checkout-admin?action=${action}`, body);

/** [input, words] for each field the server refused; `say[field](issues)` words them, else its own message. */
function refusedFields(err, form, say) {
  return [...issuesByField(err)]
    .map(([name, issues]) => [form.elements[FIELD_OF[name] ?? name], say[name]?.(issues) ?? issues[0].message])
    .filter(([input]) => input);
}

/** The form field each API field is typed in. */
const FIELD_OF = {
  webhook_url: 'url',
  webhook_secret: 'secret',
  enable_cod: 'cod-enabled',
  cod_max_cart_value_paise: 'max',
  cod_blocked_pincodes: 'blocked',
  gateway_key_id: 'keyId',
  gateway_secret_key: 'secret',
  payment_enabled: 'payment-enabled',
  allowed_origins: 'origins',
  courier_coverage_url: 'coverage',
};

function webhookForm(webhook) {
  const example = 'https://shop.example/hooks';
  return settingsForm(
    'webhook-form',
    'Webhook',
    [
      field(
        'webhook-url',
        'Endpoint URL',
        h('input', { type: 'url', name: 'url', value: webhook.webhook_url ?? '', placeholder: example }),
        `An https:// address on the internet, e.g. ${example}. A receiver on your own computer (localhost) cannot ` +
          `be reached from here: see ${TUNNEL_ADVICE}.`,
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
    {
      words: {
        url: () => `Enter a whole web address, for example ${example}.`,
        secret: () => 'The signing secret must be at least 16 characters.',
      },
      async save(form) {
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
      refused: (err, form) =>
        refusedFields(err, form, {
          webhook_url: ([issue]) => urlWords(issue.message, example),
          webhook_secret: () => 'The signing secret must be at least 16 characters.',
        }),
    },
  );
}

function codForm(cod) {
  return settingsForm(
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
        '6-digit pincodes, one per line (commas or spaces between them work too).',
      ),
    ],
    {
      words: { max: () => 'Enter whole rupees, 1 or more, or leave it empty for no limit.' },
      checks: (form) => [[form.elements.blocked, badPincodes(pincodeList(form.elements.blocked.value).bad)]],
      async save(form) {
        const { pincodes } = pincodeList(form.elements.blocked.value);
        const max = form.elements.max.value.trim();
        const saved = await patch('cod_config', {
          enable_cod: form.elements['cod-enabled'].checked,
          cod_max_cart_value_paise: max ? Math.round(Number(max) * 100) : null,
          cod_blocked_pincodes: pincodes,
        });
        // The list as saved: cleaned up and each pincode once.
        form.elements.blocked.value = saved.cod_blocked_pincodes.join('\n');
        return saved.enable_cod ? `COD on; ${plural(saved.cod_blocked_pincodes.length, 'pincode')} blocked` : 'COD off';
      },
      refused: (err, form) => {
        const sent = pincodeList(form.elements.blocked.value).pincodes;
        return refusedFields(err, form, {
          cod_blocked_pincodes: (issues) =>
            Array.isArray(err.body?.unknown_pincodes)
              ? unknownPincodes(err.body.unknown_pincodes)
              : badPincodes(issues.map((i) => sent[i.index] ?? i.message)),
          cod_max_cart_value_paise: () => 'Enter whole rupees, 1 or more, or leave it empty for no limit.',
        });
      },
    },
  );
}

function paymentForm(payment) {
  // The keys as stored: switching payments on or off with them needs no secret (PATCH settings).
  let stored = payment.gateway_secret_key_set ? payment.gateway_key_id : null;
  return settingsForm(
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
        h('input', { type: 'password', name: 'secret', required: !stored, autocomplete: 'new-password' }),
        stored
          ? 'A secret is stored (encrypted): leave this empty to switch payments on or off; enter it to change the key.'
          : 'Stored encrypted; never shown again.',
      ),
    ],
    {
      words: {
        keyId: () => 'Enter the key id from your payment gateway’s dashboard (for example rzp_live_…).',
        secret: () => 'Enter the key secret from your payment gateway’s dashboard.',
      },
      async save(form) {
        const keyId = form.elements.keyId.value.trim();
        const secret = form.elements.secret.value;
        const enabled = form.elements['payment-enabled'].checked;
        if (!secret && stored !== null && keyId === stored) {
          const saved = await patch('settings', { payment_enabled: enabled });
          return saved.payment_enabled ? 'Online payments on' : 'Online payments off';
        }
        refuse([[form.elements.secret, secret ? null : 'Enter the key secret: it is needed to change the key id.']]);
        await patch('set_payment_config', {
          gateway_key_id: keyId,
          gateway_secret_key: secret,
          payment_enabled: enabled,
        });
        stored = keyId;
        form.elements.secret.value = '';
        return 'Gateway settings saved';
      },
      refused: (err, form) =>
        refusedFields(err, form, {
          gateway_key_id: () => 'A key id has only letters, digits, _ and - (for example rzp_live_AbC123).',
        }),
    },
  );
}

function originsForm(origins) {
  const originsInput = h('textarea', { name: 'origins' }, origins.allowed_origins.join('\n'));
  const showOrigins = followOrigins(originsInput, 'settings');
  return settingsForm(
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
        'Optional serviceability endpoint: an https:// address on the internet.',
      ),
    ],
    {
      words: { coverage: () => 'Enter a whole web address, for example https://shop.example/courier.' },
      checks: (form) => {
        const problems = originProblems(originEntries(form.elements.origins.value));
        return [[form.elements.origins, problems.length ? lines(problems) : null]];
      },
      async save(form) {
        const entries = originEntries(form.elements.origins.value);
        const coverage = form.elements.coverage.value.trim();
        const saved = await patch('settings', { allowed_origins: entries, courier_coverage_url: coverage || null });
        showOrigins(saved.allowed_origins);
        announceOrigins(saved.allowed_origins, 'settings');
        return `${plural(saved.allowed_origins.length, 'origin')} allowed`;
      },
      refused: (err, form) =>
        refusedFields(err, form, {
          allowed_origins: (issues) => lines(refusedOrigins(issues, originEntries(form.elements.origins.value))),
          courier_coverage_url: ([issue]) => urlWords(issue.message, 'https://shop.example/courier'),
        }),
    },
  );
}

export async function initSettings() {
  const [webhook, cod, payment, origins] = await Promise.all([
    api('GET', '/checkout-admin?action=webhooks'),
    api('GET', '/checkout-admin?action=cod_config'),
    api('GET', '/checkout-admin?action=get_payment_config'),
    api('GET', '/checkout-admin?action=settings'),
  ]);
  document
    .getElementById('settings-forms')
    .replaceChildren(webhookForm(webhook), codForm(cod), paymentForm(payment), originsForm(origins));
}
