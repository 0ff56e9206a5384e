// The buyer's checkout routes for the per-route bench: OTP, funnel events, the address book, offers and payments.
import { newId } from '../../src/kernel/ids.ts';
import { CART_PAISE, ORIGIN, type RouteFixtures } from './route-fixtures.ts';
import { rotate, type RouteCase } from './route-case.ts';
import { PLACES } from './seed-rows.ts';

/** What the widget sends with every call: JSON, from the merchant's page. */
const WIDGET = { 'content-type': 'application/json', origin: ORIGIN };
/** Raised so that every send is mailed (fresh emails): the defaults (5 and 20 an hour) would answer 429 at once. */
export const OTP_LIMITS = { CHECKOUT_OTP_SENDS_PER_EMAIL_HOUR: '1000000', CHECKOUT_OTP_SENDS_PER_IP_HOUR: '1000000' };

/**
 * Funnel events are limited per client address (120 a minute) and per merchant (3000 a minute): the bench plays a proxy
 * that forwards many buyers (X-Forwarded-For) of many merchants.
 */
export const BEHIND_PROXY = { TRUST_PROXY_HOPS: '1' };

export function buyerReadCases(f: RouteFixtures): RouteCase[] {
  const session = (n: number) => ({ 'x-session-token': rotate(f.browse, n).token });
  const addresses = (action: string, extra: (n: number) => object = () => ({})): RouteCase => ({
    name: `POST /checkout-addresses ${action}`,
    kind: 'read',
    method: 'POST',
    path: '/checkout-addresses',
    headers: WIDGET,
    next: (n) => ({ headers: session(n), body: JSON.stringify({ action, ...extra(n) }) }),
  });
  return [
    addresses('list'),
    addresses('serviceability_check', (n) => ({ pincode: rotate(PLACES, n).pincode })),
    addresses('cod_eligibility', (n) => ({ address_id: rotate(f.browse, n).addressIds[0], amount_paise: CART_PAISE })),
    {
      name: 'GET /checkout-offers',
      kind: 'read',
      method: 'GET',
      path: '/checkout-offers',
      headers: { origin: ORIGIN },
      next: (n) => ({ headers: session(n) }),
    },
  ];
}

export function buyerWriteCases(f: RouteFixtures, round: number): RouteCase[] {
  const pay = (action: string, pool: RouteFixtures['cod'], body: (n: number) => object, limited: boolean) => ({
    name: `POST /checkout-payment ${action}`,
    kind: 'write' as const,
    method: 'POST' as const,
    path: '/checkout-payment',
    headers: WIDGET,
    ...(limited ? { pool: pool.length } : {}),
    next: (n: number) => ({
      headers: { 'x-session-token': (limited ? pool[n]! : rotate(pool, n)).token },
      body: JSON.stringify({ action, ...body(n) }),
    }),
  });
  return [
    {
      name: 'POST /checkout-email-otp send',
      kind: 'write',
      method: 'POST',
      path: '/checkout-email-otp',
      headers: WIDGET,
      env: OTP_LIMITS,
      next: (n) => ({
        body: JSON.stringify({ action: 'send', email: `send-${round}-${n}@load.example`, merchant_id: f.pay.id }),
      }),
    },
    {
      name: 'POST /checkout-email-otp verify',
      kind: 'write',
      method: 'POST',
      path: '/checkout-email-otp',
      headers: WIDGET,
      pool: f.codes.length,
      next: (n) => ({ body: JSON.stringify({ action: 'verify', merchant_id: f.pay.id, ...f.codes[n]! }) }),
    },
    {
      name: 'POST /checkout-funnel-events',
      kind: 'write',
      method: 'POST',
      path: '/checkout-funnel-events',
      headers: WIDGET,
      env: BEHIND_PROXY,
      next: (n) => ({
        headers: { 'x-forwarded-for': `10.${round}.${(n >> 8) % 256}.${n % 256}` },
        body: JSON.stringify({
          merchant_id: rotate(f.funnelMerchants, n),
          event_type: rotate(['checkout_opened', 'email_entered', 'otp_verified', 'address_selected'], n),
          step: 'widget',
          device_type: 'mobile',
          platform: 'web',
          session_id: newId(),
        }),
      }),
    },
    {
      name: 'POST /checkout-addresses create',
      kind: 'write',
      method: 'POST',
      path: '/checkout-addresses',
      headers: WIDGET,
      next: (n) => {
        const { street_name, city, state, pincode } = rotate(PLACES, n);
        const address = { name: 'Load Buyer', flat_number: String(1 + (n % 999)), street_name, city, state, pincode };
        return {
          headers: { 'x-session-token': rotate(f.open, n).token },
          body: JSON.stringify({ action: 'create', address }),
        };
      },
    },
    {
      name: 'POST /checkout-addresses update',
      kind: 'write',
      method: 'POST',
      path: '/checkout-addresses',
      headers: WIDGET,
      next: (n) => {
        const s = rotate(f.browse, n);
        return {
          headers: { 'x-session-token': s.token },
          body: JSON.stringify({
            action: 'update',
            address_id: s.addressIds[1],
            address: { flat_number: String(1 + (n % 999)), landmark: 'Near the park' },
          }),
        };
      },
    },
    pay('create_order', f.open, () => ({ amount_paise: CART_PAISE }), false),
    pay(
      'verify',
      f.orders,
      (n) => ({
        gateway_order_id: f.orders[n]!.orderId,
        gateway_payment_id: f.orders[n]!.paymentId,
        gateway_signature: f.orders[n]!.signature,
      }),
      true,
    ),
    pay('record_cod', f.cod, () => ({ amount_paise: CART_PAISE }), true),
  ];
}
