// How merchant config and sessions look in admin answers: secrets write-only, UTM grouped, payment state spelled out.
import type { Merchant } from './merchant-repository.ts';
import { UTM_KEYS, type Utm } from './session-repository.ts';
import { SHIP_FIELDS, type ListedSession, type ShipField } from './session-search.ts';

export function settingsView(m: Pick<Merchant, 'allowed_origins' | 'courier_coverage_url' | 'payment_enabled'>) {
  return {
    allowed_origins: m.allowed_origins,
    courier_coverage_url: m.courier_coverage_url,
    payment_enabled: m.payment_enabled,
  };
}

export function codView(m: Pick<Merchant, 'enable_cod' | 'cod_max_cart_value_paise' | 'cod_blocked_pincodes'>) {
  return {
    enable_cod: m.enable_cod,
    cod_max_cart_value_paise: m.cod_max_cart_value_paise,
    cod_blocked_pincodes: m.cod_blocked_pincodes,
  };
}

/** The secret is write-only: only whether it is set. */
export function webhookView(m: Pick<Merchant, 'webhook_url' | 'webhook_secret_enc'>) {
  return { webhook_url: m.webhook_url, webhook_secret_set: m.webhook_secret_enc !== null };
}

export function paymentView(m: Pick<Merchant, 'payment_enabled' | 'gateway_key_id' | 'gateway_secret_enc'>) {
  return {
    gateway_key_id_set: m.gateway_key_id !== null,
    gateway_key_id: m.gateway_key_id,
    gateway_secret_key_set: m.gateway_secret_enc !== null,
    payment_enabled: m.payment_enabled,
  };
}

/** A session in the admin listing, with its payment: paid (gateway), cod, an order created but unpaid, or none. */
export function sessionView(s: ListedSession) {
  const utm: Utm = {};
  for (const key of UTM_KEYS) if (s[key] !== null) utm[key] = s[key];
  const status =
    s.payment_method === 'gateway'
      ? 'paid'
      : s.payment_method === 'cod'
        ? 'cod'
        : s.last_order_id
          ? 'order_created'
          : 'none';
  // A payment recorded speaks for itself; only without one does the latest gateway order show (order_created). Cash
  // on delivery chosen after an online payment was left is not that order.
  const recorded = s.payment_method !== null;
  return {
    id: s.id,
    buyer_id: s.buyer_id,
    email: s.email,
    auth_channel: s.auth_channel,
    status: s.status,
    cart_value_paise: s.cart_value_paise,
    cart_value_source: s.cart_value_source,
    utm,
    // A completed order keeps the address it ships to when the buyer deletes it from their book.
    selected_address_id: s.delivery_address_id ?? s.selected_address_id,
    pincode: s.pincode,
    ship_to: shipTo(s),
    created_at: s.created_at,
    expires_at: s.expires_at,
    address_completed_at: s.address_completed_at,
    completed_at: s.completed_at,
    abandoned_at: s.abandoned_at,
    // PostgreSQL counts in bigint, which its driver hands over as a string.
    refunds_due: Number(s.refunds_due),
    refund_due_paise: Number(s.refund_due_paise),
    payment: {
      method: s.payment_method,
      status: status,
      gateway_order_id: recorded ? s.gateway_order_id : s.last_order_id,
      gateway_payment_id: s.gateway_payment_id,
      amount_paise: recorded ? s.amount_paise : s.last_order_amount_paise,
      paid_at: s.paid_at,
      offer:
        s.offer_id === null
          ? null
          : { id: s.offer_id, title: s.offer_title ?? '', discount_paise: Number(s.discount_paise) },
    },
  };
}

/** Who and where the order goes (the pincode is the session's own field), or null before an address is chosen. */
function shipTo(s: ListedSession): Record<ShipField, string | null> | null {
  // A chosen address is never gone: deleting it clears the session's choice (ON DELETE SET NULL).
  if (s.delivery_address_id === null && s.selected_address_id === null) return null;
  const to = {} as Record<ShipField, string | null>;
  for (const f of SHIP_FIELDS) to[f] = s[`ship_${f}`];
  return to;
}
