// One checkout session as the merchant's order page shows it: address and pin, payment, and everything that happened.
import { DomainError } from '../kernel/errors.ts';
import type { Merchant } from './merchant-repository.ts';
import { ADDRESS_FIELDS, type AddressRepository } from './address-repository.ts';
import { sessionView } from './admin-views.ts';
import { codVerdict } from './cod.ts';
import type { DeliveryAddresses } from './delivery-addresses.ts';
import type { PostalDirectory, WebhookOutbox } from './ports.ts';
import type { ListedSession, RefusedPayment, SessionSearch } from './session-search.ts';

export interface OrderPageDeps {
  search: SessionSearch;
  addresses: Pick<AddressRepository, 'byId'>;
  deliveries: Pick<DeliveryAddresses, 'of'>;
  outbox: Pick<WebhookOutbox, 'forSession'>;
  location: Pick<PostalDirectory, 'lookup' | 'pincodePoint' | 'pincodeOutline'>;
}

/** One line of the order's timeline: when, which part of the system saw it, what, and a short detail. */
export interface TimelineEntry {
  at: string;
  source: 'session' | 'payment' | 'widget' | 'webhook';
  event: string;
  detail: string | null;
}

/** The order page's map is shown at most 28rem (about 450 px) wide: detail finer than a pixel there is dropped. */
const OUTLINE_PIXELS = 400;

export class OrderPage {
  constructor(private readonly d: OrderPageDeps) {}

  async of(merchant: Merchant, sessionId: string) {
    const s = await this.d.search.one(merchant.id, sessionId);
    if (!s) throw new DomainError('not_found', 'session_not_found', `No session ${sessionId}`);
    const [address, orders, events, webhooks] = await Promise.all([
      this.address(s),
      this.d.search.orders(merchant.id, s.id),
      this.d.search.funnelEvents(merchant.id, s.id),
      this.d.outbox.forSession(merchant.id, s.id),
    ]);
    const timeline: TimelineEntry[] = [
      ...sessionSteps(s),
      ...orders.map((o) =>
        entry(o.created_at, 'payment', 'order_created', `${o.gateway_order_id}, ${o.amount_paise} paise`),
      ),
      ...orders.flatMap((o) =>
        o.refused_payments.map((r) =>
          entry(r.refused_at, 'payment', 'payment_refused', `${r.gateway_payment_id} (${r.reason}): refund it`),
        ),
      ),
      ...orders.flatMap((o) =>
        o.refused_payments.flatMap((r) =>
          r.refunded_at ? [entry(r.refunded_at, 'payment', 'refund_recorded', refundDetail(r))] : [],
        ),
      ),
      ...events.map((e) =>
        entry(e.created_at, 'widget', e.event_type, [e.step, e.device_type].filter(Boolean).join(', ')),
      ),
      ...webhooks.flatMap((w) =>
        w.attempt_log.map((a) =>
          entry(
            a.created_at,
            'webhook',
            w.event,
            `attempt ${a.attempt}: ${a.http_status ?? a.error ?? '—'} (${a.outcome})`,
          ),
        ),
      ),
    ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    return { session: sessionView(s), cod_now: codNow(merchant, s), address, orders, events, webhooks, timeline };
  }

  /**
   * Where the order goes, with its pin, the pincode the pin falls in, and the pincode's own point for the map: a
   * completed order's address as kept at completion, else the address the open session chose.
   */
  private async address(s: ListedSession) {
    const a = (await this.d.deliveries.of(s.id)) ?? (await this.chosen(s));
    if (!a) return null;
    const fields = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, a[f] ?? null])) as Record<
      (typeof ADDRESS_FIELDS)[number],
      string | null
    >;
    const pinned = a.latitude !== null && a.longitude !== null;
    const point = a.pincode ? this.d.location.pincodePoint(a.pincode) : null;
    return {
      id: a.id,
      ...fields,
      geopin: a.geopin,
      latitude: a.latitude,
      longitude: a.longitude,
      pin_pincode: pinned ? (this.d.location.lookup(a.latitude!, a.longitude!)?.pincode ?? null) : null,
      pincode_point: point,
      pincode_outline: a.pincode ? this.d.location.pincodeOutline(a.pincode, OUTLINE_PIXELS) : null,
    };
  }

  private async chosen(s: ListedSession) {
    return s.selected_address_id ? this.d.addresses.byId(s.merchant_id, s.buyer_id, s.selected_address_id) : null;
  }
}

function entry(at: string, source: TimelineEntry['source'], event: string, detail: string | null): TimelineEntry {
  return { at, source, event, detail: detail || null };
}

/** The session's own milestones, from its timestamps and payment. */
function sessionSteps(s: ListedSession): TimelineEntry[] {
  const out = [entry(s.created_at, 'session', 'verified', `${s.auth_channel} ${s.email ?? ''}`.trim())];
  if (s.address_completed_at) out.push(entry(s.address_completed_at, 'session', 'address_completed', s.pincode));
  // A payment the gateway was asked about (the buyer's tab never confirmed it) says so: support is asked why.
  const found = Number(s.found_by_check) === 1;
  if (s.paid_at)
    out.push(
      entry(
        s.paid_at,
        'payment',
        s.payment_method === 'cod' ? 'cod_recorded' : found ? 'payment_found' : 'payment_verified',
        found
          ? `${s.gateway_payment_id}: found at the gateway, the buyer's verify never came`
          : (s.gateway_payment_id ?? (s.amount_paise === null ? null : `${s.amount_paise} paise`)),
      ),
    );
  if (s.completed_at) out.push(entry(s.completed_at, 'session', 'completed', null));
  if (s.abandoned_at) out.push(entry(s.abandoned_at, 'session', 'abandoned', null));
  return out;
}

/** "pay_… by owner@shop.example, gateway refund rfnd_…": who said the money went back, and where to find it. */
function refundDetail(r: RefusedPayment): string {
  const where = r.refund_reference ? `, gateway refund ${r.refund_reference}` : '';
  return `${r.gateway_payment_id} by ${r.refunded_by ?? 'the merchant'}${where}`;
}

/**
 * Cash on delivery for an open order under the shop's rules as they are now, with the facts they were checked on: what
 * the widget would tell the buyer (support asked "why could I not pay on delivery?"). Null once paid or abandoned.
 */
function codNow(merchant: Merchant, s: ListedSession) {
  if (s.payment_method || s.status === 'completed' || s.status === 'abandoned') return null;
  return {
    ...codVerdict(merchant, s.cart_value_paise, s.pincode),
    cart_value_paise: s.cart_value_paise,
    pincode: s.pincode,
    cod_max_cart_value_paise: merchant.cod_max_cart_value_paise,
  };
}
