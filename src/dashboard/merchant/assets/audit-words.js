// The audit log in a shop owner's words: what was done, each field's name, and values as the console shows them.
import { formatTime, rupees } from '/console/console.js';

const ACTIONS = {
  cod_config: 'Cash on delivery settings',
  webhooks: 'Webhook settings',
  set_payment_config: 'Payment gateway settings',
  settings: 'Checkout widget settings',
  rotate_api_key: 'API key rotated',
  offer_created: 'Offer created',
  offer_updated: 'Offer changed',
  refund_recorded: 'Refund recorded',
};

/** "cod_max_cart_value_paise" -> "cod max cart value paise": a name no table knows, still readable. */
const spaced = (name) => name.replaceAll('_', ' ');

export const actionWords = (action) => ACTIONS[action] ?? spaced(action);

const none = (v) => v === null || v === undefined;
const plain = (v) => (none(v) ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
const money = (v) => (typeof v === 'number' ? rupees(v) : plain(v));
const onOff = (v) => (v === true ? 'on' : v === false ? 'off' : plain(v));
const yesNo = (v) => (v === true ? 'yes' : v === false ? 'no' : plain(v));
const time = (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? formatTime(v) : plain(v));
const list = (v) => (Array.isArray(v) ? (v.length ? v.join(', ') : 'none') : plain(v));
const hours = (v) => (typeof v === 'number' ? `${v} hour${v === 1 ? '' : 's'}` : plain(v));
const rules = (v) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.entries(v)
        .map(([k, x]) => `${k}=${x}`)
        .join(', ') || 'any'
    : plain(v);
const discountType = (v) => ({ percent: 'percent', flat: 'flat amount' })[v] ?? plain(v);

/** A discount's value: a percent, or paise shown in rupees; `type` is the offer's at that side of the change. */
const discount = (v, type) =>
  typeof v !== 'number' ? plain(v) : type === 'flat' ? rupees(v) : type ? `${v}%` : String(v);

/** Each field: its name in words and how its values read. */
const FIELDS = {
  enable_cod: ['Cash on delivery', onOff],
  cod_max_cart_value_paise: ['Largest cart for COD', money],
  cod_blocked_pincodes: ['Pincodes without COD', list],
  webhook_url: ['Webhook URL', plain],
  webhook_secret: ['Webhook signing secret', plain],
  gateway_key_id: ['Gateway key id', plain],
  gateway_secret_key: ['Gateway key secret', plain],
  payment_enabled: ['Take payments at checkout', onOff],
  allowed_origins: ['Allowed origins', list],
  courier_coverage_url: ['Courier coverage URL', plain],
  overlap_hours: ['Old key kept working for', hours],
  // Keys by their first characters (the rest is secret): "ck_9VI_XGKTf…".
  live_keys: ['Keys that work', (v) => (Array.isArray(v) ? list(v.map((k) => `${k}…`)) : plain(v))],
  title: ['Title', plain],
  description: ['Description', plain],
  discount_type: ['Discount type', discountType],
  min_cart_value_paise: ['Minimum cart', money],
  utm_rules: ['UTM rules', rules],
  priority: ['Priority', plain],
  active: ['Switched on', yesNo],
  starts_at: ['Show from', time],
  ends_at: ['Show until', time],
  refunded: ['Refunded', yesNo],
  refund_reference: ['Gateway refund id', plain],
};

/**
 * [name, from, to] of each change of `entry`, in words. `offerType` is the offer's discount type now, for an entry
 * that changed the value but not the type.
 */
export function changeWords(entry, offerType) {
  return Object.entries(entry.changes).map(([field, c]) => {
    if (field === 'discount_value') {
      const type = entry.changes.discount_type;
      return ['Discount', discount(c.from, type?.from ?? offerType), discount(c.to, type?.to ?? offerType)];
    }
    const [name, say] = FIELDS[field] ?? [spaced(field), plain];
    return [name, say(c.from), say(c.to)];
  });
}

/** The offer's title as the entry has it (set or changed), else as the offer is titled now; null when neither. */
export function offerTitle(entry, offers) {
  const title = entry.changes.title;
  return title?.to ?? title?.from ?? offers.get(entry.target)?.title ?? null;
}
