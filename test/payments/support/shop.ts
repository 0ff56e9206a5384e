// A payments world on the real app: the gateway emulator, a webhook receiver, shops configured through /checkout-admin, buyers through OTP.
import { startGatewayEmulator, type RunningEmulator } from '../../../src/payments/gateway-emulator.ts';
import { dataOf, ok, startHarness, type Harness, type Shop } from '../../checkout/support.ts';
import { startReceiver, type Receiver } from '../../webhooks/support/receiver.ts';

/** Test-speed dispatcher timing: 50 ms base delay, 500 ms timeout. */
export const FAST_WEBHOOKS = {
  WEBHOOK_RETRY_BASE_MS: '50',
  WEBHOOK_TIMEOUT_MS: '500',
  WEBHOOK_LEASE_MS: '1500',
  WEBHOOK_POLL_MS: '20',
};

export interface World {
  h: Harness;
  emulator: RunningEmulator;
  receiver: Receiver;
  dispose(): Promise<void>;
}

/**
 * The app pointed at an emulator that accepts only `keys` (key id -> secret), with fast webhook retries; `gateway`:
 * key ids of one gateway account, a delay before every answer (see the emulator).
 */
export async function startWorld(
  keys: Record<string, string>,
  env: Record<string, string> = {},
  gateway: { accounts?: string[][]; delayMs?: number } = {},
): Promise<World> {
  const emulator = await startGatewayEmulator({ keys, ...gateway });
  const receiver = await startReceiver();
  const h = await startHarness({
    ...FAST_WEBHOOKS,
    GATEWAY_BASE_URL: emulator.baseUrl,
    GATEWAY_TIMEOUT_MS: '2000',
    ...env,
  });
  return {
    h,
    emulator,
    receiver,
    async dispose() {
      await h.dispose();
      await receiver.close();
      await emulator.close();
    },
  };
}

export interface ShopSetup {
  origins?: string[];
  /** Mode B needs enabled and both keys; Mode A is anything less. */
  payment?: { keyId: string; keySecret: string; enabled?: boolean };
  webhook?: { url: string; secret?: string };
  cod?: { enabled: boolean; maxCartValuePaise?: number | null; blockedPincodes?: string[] };
}

/** A merchant configured the way its admin would, through PATCH /checkout-admin. */
export async function configureShop(h: Harness, setup: ShopSetup = {}): Promise<Shop> {
  const shop = await h.merchant('Pay shop', setup.origins ?? ['https://shop.example']);
  if (setup.payment) {
    const { keyId, keySecret, enabled = true } = setup.payment;
    ok(
      await h.admin('PATCH', 'set_payment_config', shop.key, {
        gateway_key_id: keyId,
        gateway_secret_key: keySecret,
        payment_enabled: enabled,
      }),
      'payment',
    );
  }
  if (setup.webhook)
    ok(
      await h.admin('PATCH', 'webhooks', shop.key, {
        webhook_url: setup.webhook.url,
        webhook_secret: setup.webhook.secret ?? null,
      }),
      'webhooks',
    );
  if (setup.cod) {
    const { enabled, maxCartValuePaise = null, blockedPincodes = [] } = setup.cod;
    ok(
      await h.admin('PATCH', 'cod_config', shop.key, {
        enable_cod: enabled,
        cod_max_cart_value_paise: maxCartValuePaise,
        cod_blocked_pincodes: blockedPincodes,
      }),
      'cod',
    );
  }
  return shop;
}

export interface Buyer {
  token: string;
  sessionId: string;
  buyerId: string;
  addressId: string | null;
}

export interface BuyerSetup {
  /** The cart value the merchant's server sets with set_session_cart (what create_order charges). */
  cartValuePaise?: number;
  /** The pincode of the address the buyer saves and completes (paying needs one); null: no address. */
  pincode?: string | null;
}

let buyers = 0;

/** A buyer signed in with email OTP, with a completed address unless told otherwise, optionally a merchant cart. */
export async function buyerSession(h: Harness, shop: Shop, setup: BuyerSetup = {}): Promise<Buyer> {
  const login = await h.login(shop.id, `buyer${++buyers}-${Date.now()}@example.com`);
  if (setup.cartValuePaise !== undefined) {
    ok(
      await h.admin('POST', 'set_session_cart', shop.key, {
        session_id: login.session_id,
        cart_value_paise: setup.cartValuePaise,
      }),
      'cart',
    );
  }
  let addressId: string | null = null;
  const pincode = setup.pincode === undefined ? '560001' : setup.pincode;
  if (pincode) {
    const address = { name: 'A Buyer', flat_number: '1', street_name: 'MG Road', pincode };
    addressId = dataOf(await h.addresses(login.session_token, { action: 'create', address })).address.id as string;
    ok(
      await h.addresses(login.session_token, { action: 'address_completed', address_id: addressId }),
      'address_completed',
    );
  }
  return { token: login.session_token, sessionId: login.session_id, buyerId: login.buyer_id, addressId };
}

export interface SignedPayment {
  gateway_order_id: string;
  gateway_payment_id: string;
  gateway_signature: string;
}

/** create_order for the session's cart (or `amountPaise`), then the buyer pays at the emulator; returns what verify takes. */
export async function payAtGateway(w: World, token: string, amountPaise?: number): Promise<SignedPayment> {
  const body = { action: 'create_order', ...(amountPaise === undefined ? {} : { amount_paise: amountPaise }) };
  const order = ok(await w.h.payment(token, body), 'create_order');
  const p = w.emulator.pay(order.gateway_order_id as string);
  return {
    gateway_order_id: p.razorpay_order_id,
    gateway_payment_id: p.razorpay_payment_id,
    gateway_signature: p.razorpay_signature,
  };
}

/** A paid order's fields as verify takes them (the emulator pays `orderId`). */
export function payOrder(w: World, orderId: string): SignedPayment {
  const p = w.emulator.pay(orderId);
  return {
    gateway_order_id: p.razorpay_order_id,
    gateway_payment_id: p.razorpay_payment_id,
    gateway_signature: p.razorpay_signature,
  };
}

/**
 * Two tabs of one checkout: each makes its order before either pays (a tab asking after a payment gets that payment
 * settled instead, payments/earlier-orders.ts), then both pay; returns what verify takes for each.
 */
export async function payInTwoTabs(w: World, token: string): Promise<[SignedPayment, SignedPayment]> {
  const first = ok(await w.h.payment(token, { action: 'create_order' }), 'first tab').gateway_order_id as string;
  const second = ok(await w.h.payment(token, { action: 'create_order' }), 'second tab').gateway_order_id as string;
  return [payOrder(w, first), payOrder(w, second)];
}

export interface Hook {
  headers: Record<string, unknown>;
  raw: string;
  body: { event: string; session_id: string; merchant_id: string; data: Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

/** Requests the receiver got for one session. */
export function hooksFor(receiver: Receiver, sessionId: string): Hook[] {
  return receiver.requests
    .map((r) => ({ headers: r.headers, raw: r.rawBody, body: JSON.parse(r.rawBody) as Hook['body'] }))
    .filter((r) => r.body.session_id === sessionId);
}
