// The offers section: every offer with its schedule; create one, edit one, switch one off or on (POST /checkout-offers).
import { api, fill, formatNumber, formatTime, h, rupees, say } from '/console/console.js';
import { draftSaved, trackDraft } from '/console/drafts.js';
import { browserProblems, clearErrors, sayRefused } from '/console/field-errors.js';
import { localDate, zoneInstant } from '/console/format.js';
import { changeRecorded } from '/merchant/assets/audit.js';
import { changedFields, hiddenRules, withCampaign } from '/merchant/assets/offer-changes.js';
import { BROWSER_WORDS, formProblems, refusedOffer, watchEndDay } from '/merchant/assets/offer-checks.js';
import { offerWarning, WHICH_OFFER } from '/merchant/assets/offer-rules.js';
import { field } from '/merchant/assets/settings-form.js';

/** What an offer does now: off, waiting for its start, showing, or ended. */
function stateOf(o, now = new Date().toISOString()) {
  if (!o.active) return ['off', 'muted'];
  if (o.starts_at && o.starts_at > now) return ['scheduled', 'warn'];
  if (o.ends_at && o.ends_at < now) return ['ended', 'muted'];
  return ['active', 'ok'];
}

const discount = (o) => (o.discount_type === 'percent' ? `${o.discount_value}%` : rupees(o.discount_value));
/** When the offer shows: "always", "from …", "until …" (an ended one too: its state says it ended) or "… – …". */
function shown(o) {
  const [from, until] = [o.starts_at, o.ends_at].map((at) => at && formatTime(at, false));
  if (from && until) return `${from} – ${until}`;
  return from ? `from ${from}` : until ? `until ${until}` : 'always';
}

/** Under the discount field, for each discount type. */
const VALUE_HINTS = {
  percent: 'Percent: a whole number from 1 to 99. A cart the discount would take whole does not get the offer.',
  flat: 'Rupees off the cart, to the paisa. A cart the discount would take whole does not get the offer.',
};

/** Under the campaign field; an edited offer's other UTM rules are said after it. */
const CAMPAIGN_HINT = 'Empty: every buyer.';

export async function initOffers() {
  const body = document.getElementById('offers-body');
  const form = document.getElementById('offer-form');
  const title = document.getElementById('offer-form-title');
  const status = document.getElementById('offers-status');
  const warning = document.getElementById('offers-warning');
  document.getElementById('offers-rule').textContent = WHICH_OFFER;
  let editing = null;
  /** The offers listed: an offer's edit kept over a new sign-in is opened again from them. */
  let listed = [];

  /** Lists the offers; returns them. */
  async function load() {
    const { offers } = await api('POST', '/checkout-offers', { action: 'list' });
    fill(body, offers.length === 0 ? h('tr', {}, h('td', { colspan: 8 }, 'No offers yet.')) : offers.map(row));
    listed = offers;
    return offers;
  }

  /** Said under the form once an offer is saved: an overlap, or a last day already gone. */
  const warn = (words) => {
    warning.textContent = words ?? '';
    warning.hidden = !words;
  };

  function row(o) {
    const [state, tone] = stateOf(o);
    const cell = (label, attrs, ...content) => h('td', { 'data-label': label, ...attrs }, ...content);
    return h(
      'tr',
      { 'data-offer-id': o.id },
      cell('Title', { class: 'user-text' }, h('bdi', {}, o.title)),
      cell('Discount', {}, discount(o)),
      cell('Minimum cart', {}, rupees(o.min_cart_value_paise)),
      cell(
        'UTM rules',
        { class: 'user-text' },
        Object.entries(o.utm_rules)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ') || 'any',
      ),
      cell('Shown', {}, shown(o)),
      cell('Priority', { class: 'num' }, formatNumber(o.priority)),
      cell('State', {}, h('span', { class: `pill ${tone}` }, state)),
      cell(
        'Actions',
        { class: 'actions' },
        h(
          'button',
          { type: 'button', class: 'secondary small', 'aria-label': `Edit ${o.title}`, onclick: () => edit(o) },
          'Edit',
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary small switch',
            'aria-label': `${o.active ? 'Switch off' : 'Switch on'} ${o.title}`,
            onclick: () => toggle(o),
          },
          o.active ? 'Switch off' : 'Switch on',
        ),
      ),
    );
  }

  async function toggle(o) {
    try {
      await api('POST', '/checkout-offers', { action: 'update', offer_id: o.id, active: !o.active });
      await load();
      // The row was drawn anew: the keyboard user stays on the same switch, now saying the opposite.
      body.querySelector(`tr[data-offer-id="${o.id}"] button.switch`)?.focus();
      say(status, `${o.title} is ${o.active ? 'off' : 'on'}`, 'ok');
      changeRecorded();
    } catch (err) {
      say(status, err.message, 'error');
    }
  }

  function edit(o) {
    editing = o;
    clearErrors(form);
    const e = form.elements;
    title.textContent = `Edit “${o.title}”`;
    e.title.value = o.title;
    e.description.value = o.description ?? '';
    e.type.value = o.discount_type;
    e.value.value = o.discount_type === 'percent' ? o.discount_value : o.discount_value / 100;
    e.min.value = o.min_cart_value_paise === null ? '' : o.min_cart_value_paise / 100;
    e.campaign.value = o.utm_rules.utm_campaign ?? '';
    const others = hiddenRules(o.utm_rules);
    campaignHint.textContent = others
      ? `${CAMPAIGN_HINT} Also only for ${others} (set through the API; kept).`
      : CAMPAIGN_HINT;
    e.priority.value = o.priority;
    e.starts.value = o.starts_at ? localDate(new Date(o.starts_at)) : '';
    e.ends.value = o.ends_at ? localDate(new Date(o.ends_at)) : '';
    e.active.checked = o.active;
    valueLimits();
    endDay();
    form.querySelector('button[type="submit"]').textContent = 'Save offer';
    form.querySelector('.cancel').hidden = false;
    e.title.focus();
  }

  function reset() {
    editing = null;
    draftSaved(form);
    clearErrors(form);
    form.reset();
    campaignHint.textContent = CAMPAIGN_HINT;
    valueLimits();
    endDay();
    title.textContent = 'New offer';
    form.querySelector('button[type="submit"]').textContent = 'Create offer';
    form.querySelector('.cancel').hidden = true;
  }

  fill(
    form,
    field('offer-title', 'Title', h('input', { type: 'text', name: 'title', required: true, maxlength: 200 })),
    field(
      'offer-description',
      'Description (optional)',
      h('textarea', { name: 'description', rows: 2, maxlength: 1000 }),
      'Shown to buyers under the title; empty: the discount in words. Change it with the discount.',
    ),
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
      h('input', { type: 'number', name: 'value', required: true, min: 1, max: 99, step: 1 }),
      VALUE_HINTS.percent,
    ),
    field('offer-min', 'Minimum cart (₹, optional)', h('input', { type: 'number', name: 'min', min: 0, step: 'any' })),
    field(
      'offer-campaign',
      'Only for utm_campaign (optional)',
      h('input', { type: 'text', name: 'campaign', maxlength: 200 }),
      CAMPAIGN_HINT,
    ),
    field(
      'offer-priority',
      'Priority',
      h('input', { type: 'number', name: 'priority', min: -1000, max: 1000, step: 1, value: 0 }),
      'When several offers match, the higher priority wins (the rule is above the table).',
    ),
    field('offer-starts', 'Show from (optional)', h('input', { type: 'date', name: 'starts' })),
    field('offer-ends', 'Show until (optional)', h('input', { type: 'date', name: 'ends' })),
    h(
      'label',
      { class: 'check' },
      h('input', { type: 'checkbox', name: 'active', id: 'offer-active', checked: true }),
      'Switched on',
    ),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit' }, 'Create offer'),
      h('button', { type: 'button', class: 'secondary cancel', hidden: true, onclick: reset }, 'Cancel'),
    ),
  );

  const campaignHint = document.getElementById('offer-campaign-hint');

  // A percent is whole (the API takes 1..99); a flat amount is rupees to the paisa. The browser then refuses 12.5%
  // with its own message instead of the page rounding it.
  const valueLimits = () => {
    const percent = form.elements.type.value === 'percent';
    document.getElementById('offer-value-hint').textContent = VALUE_HINTS[form.elements.type.value];
    form.elements.value.step = percent ? '1' : '0.01';
    if (percent) form.elements.value.max = '99';
    else form.elements.value.removeAttribute('max');
  };
  form.elements.type.addEventListener('change', valueLimits);
  // An edit kept over a new sign-in goes back to its offer; one of an offer deleted meanwhile is dropped.
  trackDraft(form, {
    key: () => (editing ? `edit:${editing.id}` : 'new'),
    reopen: async (key) => {
      if (key === 'new') return true;
      const offer = listed.find((o) => `edit:${o.id}` === key);
      if (offer) edit(offer);
      return offer !== undefined;
    },
  });
  const endDay = watchEndDay(form.elements.ends);

  /** Problems under their fields, and the status line saying nothing was saved. */
  const refused = (pairs, err) => sayRefused(status, pairs, err);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors(form);
    say(status, '');
    warn(null);
    const checked = browserProblems(form, BROWSER_WORDS);
    const found = formProblems(form).filter(([input, words]) => words && !checked.some(([el]) => el === input));
    if (checked.length || found.length) return refused([...checked, ...found]);
    const e = form.elements;
    const percent = e.type.value === 'percent';
    const fields = {
      title: e.title.value.trim(),
      description: e.description.value.trim() || null,
      discount_type: e.type.value,
      discount_value: percent ? Math.round(Number(e.value.value)) : Math.round(Number(e.value.value) * 100),
      min_cart_value_paise: e.min.value ? Math.round(Number(e.min.value) * 100) : null,
      utm_rules: e.campaign.value.trim() ? { utm_campaign: e.campaign.value.trim() } : {},
      priority: Number(e.priority.value || 0),
      starts_at: e.starts.value ? zoneInstant(e.starts.value) : null,
      ends_at: e.ends.value ? zoneInstant(e.ends.value, true) : null,
      active: e.active.checked,
    };
    try {
      const saved = editing
        ? await api('POST', '/checkout-offers', {
            action: 'update',
            offer_id: editing.id,
            ...changedFields(
              { ...fields, utm_rules: withCampaign(editing.utm_rules, e.campaign.value.trim()) },
              editing,
            ),
          })
        : await api('POST', '/checkout-offers', { action: 'create', ...fields });
      const done = editing ? `Saved ${fields.title}` : 'Offer created';
      reset();
      changeRecorded();
      // Announced once the table shows it, so what is read out is what is on screen.
      const offers = await load();
      say(status, done, 'ok');
      warn(offerWarning(saved, offers));
    } catch (err) {
      refused(refusedOffer(err, form), err);
    }
  });
  await load();
}
