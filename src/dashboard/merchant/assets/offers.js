// The offers section: every offer, highest priority first, and a form for a new one (POST /checkout-offers).
import { api, fill, formatNumber, h, rupees, say } from '/console/console.js';

function field(id, label, input) {
  input.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), input);
}

export async function initOffers() {
  const body = document.getElementById('offers-body');
  const form = document.getElementById('offer-form');
  const status = document.getElementById('offers-status');

  async function load() {
    const { offers } = await api('POST', '/checkout-offers', { action: 'list' });
    fill(
      body,
      offers.length === 0
        ? h('tr', {}, h('td', { colspan: 6 }, 'No offers yet.'))
        : offers.map((o) =>
            h(
              'tr',
              {},
              h('td', {}, o.title),
              h('td', {}, o.discount_type === 'percent' ? `${o.discount_value}%` : rupees(o.discount_value)),
              h('td', {}, rupees(o.min_cart_value_paise)),
              h(
                'td',
                {},
                Object.entries(o.utm_rules)
                  .map(([k, v]) => `${k}=${v}`)
                  .join(', ') || 'any',
              ),
              h('td', { class: 'num' }, formatNumber(o.priority)),
              h('td', {}, h('span', { class: `pill ${o.active ? 'ok' : 'muted'}` }, o.active ? 'active' : 'off')),
            ),
          ),
    );
  }

  fill(
    form,
    field('offer-title', 'Title', h('input', { type: 'text', name: 'title', required: true, maxlength: 200 })),
    field(
      'offer-type',
      'Discount type',
      h(
        'select',
        { name: 'type' },
        h('option', { value: 'percent' }, 'Percent'),
        h('option', { value: 'flat' }, 'Flat amount (₹)'),
      ),
    ),
    field(
      'offer-value',
      'Discount',
      h('input', { type: 'number', name: 'value', required: true, min: 1, step: 'any' }),
    ),
    field('offer-min', 'Minimum cart (₹, optional)', h('input', { type: 'number', name: 'min', min: 0, step: 'any' })),
    field(
      'offer-campaign',
      'Only for utm_campaign (optional)',
      h('input', { type: 'text', name: 'campaign', maxlength: 200 }),
    ),
    h('button', { type: 'submit' }, 'Create offer'),
  );

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const e = form.elements;
    const percent = e.type.value === 'percent';
    try {
      await api('POST', '/checkout-offers', {
        action: 'create',
        title: e.title.value.trim(),
        discount_type: e.type.value,
        discount_value: percent ? Math.round(Number(e.value.value)) : Math.round(Number(e.value.value) * 100),
        min_cart_value_paise: e.min.value ? Math.round(Number(e.min.value) * 100) : null,
        utm_rules: e.campaign.value.trim() ? { utm_campaign: e.campaign.value.trim() } : {},
      });
      say(status, 'Offer created', 'ok');
      form.reset();
      await load();
    } catch (err) {
      const issue = err.body?.issues?.[0];
      say(status, issue ? `${issue.path}: ${issue.message}` : err.message, 'error');
    }
  });
  await load();
}
