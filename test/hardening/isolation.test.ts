// Tenant isolation over real HTTP: another shop's key, another buyer's session, another shop's session and another /v1 key see and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../support/client.ts';
import { tenantRows } from './support/tenant-rows.ts';
import { ok } from '../checkout/support.ts';
import { openTwoShops, outboxIdle, type Buyer, type TwoShops } from './support/two-shops.ts';

let w: TwoShops;
beforeAll(async () => {
  w = await openTwoShops();
}, 60_000);
afterAll(async () => w?.dispose());

type Call = { headers?: Record<string, string>; body?: unknown };

/** Calls and asserts no word of `secrets` is in the answer unless the request itself carried it (an echoed id is not a leak). */
async function probe(method: string, path: string, call: Call, secrets: string[]): Promise<Reply> {
  const reply = await w.h.call(method, path, call);
  const sent = path + JSON.stringify(call);
  const text = JSON.stringify(reply.body);
  expect(reply.status, `${method} ${path} ${text}`).toBeLessThan(500);
  expect(
    secrets.filter((s) => !sent.includes(s) && text.includes(s)),
    `${method} ${path} leaked`,
  ).toEqual([]);
  return reply;
}

/** An id of the same form that names nothing: a UUID with its last group zeroed, or a gateway id with its tail zeroed. */
function missingLike(id: string): string {
  return /^[0-9a-f]{8}-/.test(id) ? `${id.slice(0, 24)}000000000000` : `${id.slice(0, 6)}${'0'.repeat(id.length - 6)}`;
}

/** The answer about a foreign object must be the answer about no object at all: no existence oracle. */
async function sameAsMissing(
  method: string,
  path: string,
  call: (id: string) => Call,
  foreignId: string,
  secrets: string[],
): Promise<Reply> {
  const foreign = await probe(method, path.replace('{id}', encodeURIComponent(foreignId)), call(foreignId), secrets);
  const missingId = missingLike(foreignId);
  const missing = await w.h.call(method, path.replace('{id}', encodeURIComponent(missingId)), call(missingId));
  expect(foreign.status, `${method} ${path} ${foreignId}`).toBeGreaterThanOrEqual(400);
  expect([foreign.status, JSON.stringify(foreign.body)]).toEqual([
    missing.status,
    JSON.stringify(missing.body).replaceAll(missingId, foreignId),
  ]);
  return foreign;
}

function buyerSecrets(b: Buyer): string[] {
  return [b.buyerId, b.sessionId, b.token, b.addressId, b.street, b.email];
}

function a1Secrets(): string[] {
  const a1 = w.a1;
  return [
    ...buyerSecrets(a1),
    a1.token2,
    a1.sessionId2,
    a1.paidOrder,
    a1.paymentId,
    a1.openOrder,
    a1.openPayment.razorpay_payment_id,
  ];
}

/** Everything of shop A another shop must never see. */
function shopASecrets(): string[] {
  return [w.a.id, w.a.deliveryId, ...w.a.words, ...a1Secrets(), ...buyerSecrets(w.a2), 'imported-a@example.com'];
}

/** The actions an admin endpoint dispatches to, from the app's own route table. */
function adminActions(method: string): string[] {
  return w.h.server.app.endpoints
    .find((e) => e.method === method && e.path === '/checkout-admin')!
    .routes.map((r) => r.action!.name);
}

describe('merchant isolation', () => {
  it("shop B's key reads only shop B's data and changes nothing of shop A's", async () => {
    const { a, b } = w;
    const before = await tenantRows(w.h.sql, a.id);
    const secrets = shopASecrets();
    const admin = { 'x-api-key': b.key, 'x-merchant-id': a.id };
    for (const action of adminActions('get')) {
      await probe(
        'GET',
        `/checkout-admin?action=${action}&merchant_id=${a.id}&from=2000-01-01`,
        { headers: admin },
        secrets,
      );
    }
    await sameAsMissing(
      'GET',
      '/checkout-admin?action=import_status&batch_id={id}',
      () => ({ headers: admin }),
      a.batchId,
      secrets,
    );
    const funnel = await probe('GET', '/checkout-admin?action=funnel', { headers: admin }, secrets);
    expect(funnel.body.data.total_events).toBe(1);
    const sessions = await probe('GET', '/checkout-admin?action=sessions', { headers: admin }, secrets);
    expect(sessions.body.data.sessions.map((s: { buyer_id: string }) => s.buyer_id)).toEqual([w.b1.buyerId]);
    const deliveries = await probe('GET', '/checkout-admin?action=webhook_deliveries', { headers: admin }, secrets);
    expect(deliveries.body.data.total).toBe(
      Number(
        (await w.h.sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE merchant_id = ?', [
          b.id,
        ]))!.n,
      ),
    );
    expect(
      (await probe('GET', '/checkout-admin?action=cod_config', { headers: admin }, secrets)).body.data,
    ).toMatchObject({ cod_max_cart_value_paise: 700_000, cod_blocked_pincodes: ['400001'] });
    expect(
      (await probe('GET', '/checkout-admin?action=settings', { headers: admin }, secrets)).body.data.allowed_origins,
    ).toEqual([b.origin]);
    expect(
      (
        await probe('POST', '/checkout-offers', { headers: admin, body: { action: 'list' } }, secrets)
      ).body.data.offers.map((o: { id: string }) => o.id),
    ).toEqual([b.offerId]);

    // Writes with B's key land on B, whatever names A: a merchant_id in the body is refused, in the query or a header ignored.
    const patches: Array<[string, Record<string, unknown>]> = [
      ['cod_config', { cod_blocked_pincodes: ['400002'] }],
      ['webhooks', { webhook_secret: 'whsec_shop_B_rotated_0123' }],
      ['set_payment_config', { gateway_key_id: 'rzp_shop_b', gateway_secret_key: 'gw_secret_shop_b' }],
      ['settings', { allowed_origins: [b.origin] }],
    ];
    for (const [action, body] of patches) {
      expect(
        (
          await probe(
            'PATCH',
            `/checkout-admin?action=${action}`,
            { headers: admin, body: { ...body, merchant_id: a.id } },
            secrets,
          )
        ).status,
      ).toBe(400);
      expect(
        (
          await probe(
            'PATCH',
            `/checkout-admin?action=${action}&merchant_id=${a.id}`,
            { headers: admin, body },
            secrets,
          )
        ).status,
      ).toBe(200);
    }
    const rows = [{ legacy_customer_id: 'legacy-A-1', email: w.a1.email, name: 'Takeover' }];
    const imported = await probe(
      'POST',
      `/checkout-admin?action=import_customers&merchant_id=${a.id}`,
      { headers: admin, body: { rows } },
      secrets,
    );
    expect(imported.body.data).toMatchObject({ status: 'completed', imported_count: 1 });
    expect(
      (await probe('POST', `/checkout-admin?action=test_webhook&merchant_id=${a.id}`, { headers: admin }, secrets))
        .status,
    ).toBe(200);
    // A's sessions and deliveries are as unknown to B's key as ids that do not exist.
    const cart = (id: string) => ({ headers: admin, body: { session_id: id, cart_value_paise: 1 } });
    expect(
      (await sameAsMissing('POST', '/checkout-admin?action=set_session_cart', cart, w.a1.sessionId2, secrets)).body
        .code,
    ).toBe('session_not_found');
    const redeliver = (id: string) => ({ headers: admin, body: { delivery_id: id } });
    expect(
      (await sameAsMissing('POST', '/checkout-admin?action=redeliver_webhook', redeliver, a.deliveryId, secrets)).body
        .code,
    ).toBe('delivery_not_found');
    const offer = { action: 'create', title: 'B offer', discount_type: 'flat', discount_value: 100 };
    expect(
      (await probe('POST', '/checkout-offers', { headers: admin, body: { ...offer, merchant_id: a.id } }, secrets))
        .status,
    ).toBe(400);
    await outboxIdle(w.h);
    expect(await tenantRows(w.h.sql, a.id)).toEqual(before);
  });

  it('an OTP code mailed for shop A does not verify on shop B, and costs shop A nothing', async () => {
    const email = 'shared-buyer@example.com';
    ok(await w.h.call('POST', '/checkout-email-otp', { body: { action: 'send', email, merchant_id: w.a.id } }), 'send');
    const code = await w.h.smtp.nextCode(email);
    const before = await tenantRows(w.h.sql, w.a.id);
    const onB = await probe(
      'POST',
      '/checkout-email-otp',
      { body: { action: 'verify', email, merchant_id: w.b.id, code } },
      shopASecrets(),
    );
    expect([onB.status, onB.body.code]).toEqual([401, 'invalid_code']);
    expect(await tenantRows(w.h.sql, w.a.id)).toEqual(before);
    expect(
      (await w.h.call('POST', '/checkout-email-otp', { body: { action: 'verify', email, merchant_id: w.a.id, code } }))
        .status,
    ).toBe(200);
  });
});

describe('buyer isolation', () => {
  /** Every session action aimed at shop A's buyer a1, with `attacker`'s token; a1's rows (or all of shop A's) must not change. */
  async function attack(
    attacker: Buyer,
    origin: string,
    victim: () => ReturnType<typeof tenantRows>,
    secrets: string[],
  ): Promise<void> {
    const a1 = w.a1;
    const headers = { 'x-session-token': attacker.token, origin };
    // Webhooks queued by earlier steps settle first, so the dispatcher does not change the victim's rows mid-test.
    await outboxIdle(w.h);
    const before = await victim();
    const book =
      (action: string, extra: Record<string, unknown> = {}) =>
      (id: string) => ({ headers, body: { action, address_id: id, ...extra } });
    for (const [action, extra] of [
      ['update', { address: { street_name: 'Stolen' } }],
      ['delete', {}],
      ['set_default', {}],
      ['address_completed', {}],
      ['cod_eligibility', { cart_value_paise: 1000 }],
    ] as const) {
      const reply = await sameAsMissing('POST', '/checkout-addresses', book(action, extra), a1.addressId, secrets);
      expect(reply.body.code).toBe('address_not_found');
    }
    const listed = await probe('POST', '/checkout-addresses', { headers, body: { action: 'list' } }, secrets);
    expect(listed.body.data.addresses.map((x: { id: string }) => x.id)).toEqual([attacker.addressId]);
    // No action takes a session id from the body: the session is the token's.
    for (const body of [
      { action: 'update_session', cart_value_paise: 5, session_id: a1.sessionId },
      { action: 'serviceability_check', pincode: '560001', session_id: a1.sessionId },
      { action: 'abandon', session_id: a1.sessionId2 },
    ]) {
      expect((await probe('POST', '/checkout-addresses', { headers, body }, secrets)).body.code).toBe(
        'invalid_request',
      );
    }
    expect(
      (
        await probe(
          'POST',
          '/checkout-addresses',
          { headers, body: { action: 'serviceability_check', pincode: '560001' } },
          secrets,
        )
      ).status,
    ).toBe(200);
    expect(
      (await probe('POST', '/checkout-addresses', { headers, body: { action: 'cod_eligibility' } }, secrets)).status,
    ).toBe(200);
    await probe('GET', '/checkout-offers', { headers }, secrets);
    const signed = {
      gateway_order_id: a1.openOrder,
      gateway_payment_id: a1.openPayment.razorpay_payment_id,
      gateway_signature: a1.openPayment.razorpay_signature,
    };
    const verify = (id: string) => ({ headers, body: { action: 'verify', ...signed, gateway_order_id: id } });
    expect((await sameAsMissing('POST', '/checkout-payment', verify, a1.openOrder, secrets)).body.code).toBe(
      'order_not_found',
    );
    expect((await sameAsMissing('POST', '/checkout-payment', verify, a1.paidOrder, secrets)).body.code).toBe(
      'order_not_found',
    );
    for (const body of [
      { action: 'verify', ...signed, session_id: a1.sessionId2 },
      { action: 'create_order', session_id: a1.sessionId },
      { action: 'record_cod', session_id: a1.sessionId2 },
    ]) {
      expect((await probe('POST', '/checkout-payment', { headers, body }, secrets)).body.code).toBe('invalid_request');
    }
    // The attacker's own session, its own address given, has no merchant-set cart and names no amount: no order, and
    // never one for the victim's cart.
    const ownAddress = { action: 'address_completed', address_id: attacker.addressId };
    expect((await probe('POST', '/checkout-addresses', { headers, body: ownAddress }, secrets)).status).toBe(200);
    expect(
      (await probe('POST', '/checkout-payment', { headers, body: { action: 'create_order' } }, secrets)).body.code,
    ).toBe('amount_required');
    expect((await probe('POST', '/checkout-addresses', { headers, body: { action: 'abandon' } }, secrets)).status).toBe(
      200,
    );
    await outboxIdle(w.h);
    expect(await victim()).toEqual(before);
    // The victim's session still works exactly as before.
    const own = await w.h.payment(a1.token2, { action: 'verify', ...signed });
    expect(own.body).toMatchObject({ success: true, gateway_order_id: a1.openOrder });
  }

  it("buyer a2 of the same shop cannot read or change buyer a1's addresses, sessions, orders or payments", async () => {
    await attack(w.a2, w.a.origin, () => tenantRows(w.h.sql, w.a.id, w.a1.buyerId), a1Secrets());
  });

  it("a session of shop B reaches none of shop A's objects, and is refused from shop A's origin", async () => {
    for (const [method, path, body] of [
      ['POST', '/checkout-addresses', { action: 'list' }],
      ['GET', '/checkout-offers', undefined],
      ['POST', '/checkout-payment', { action: 'record_cod' }],
    ] as const) {
      const reply = await probe(
        method,
        path,
        { headers: { 'x-session-token': w.b1.token, origin: w.a.origin }, body },
        shopASecrets(),
      );
      expect([reply.status, reply.body.code]).toEqual([403, 'origin_not_allowed']);
    }
    const offer = await probe(
      'GET',
      '/checkout-offers',
      { headers: { 'x-session-token': w.b1.token } },
      shopASecrets(),
    );
    expect(offer.body.data?.id).toBe(w.b.offerId);
    await attack(w.b1, w.b.origin, () => tenantRows(w.h.sql, w.a.id), shopASecrets());
  });
});

describe('/v1 key isolation', () => {
  it('a key sees only its own usage, and the /v1 and checkout keys do not open each other', async () => {
    const keys = w.h.server.parts.access.keys;
    const k1 = (await keys.create({ plan: 'paid', label: 'tenant-one' })).key;
    const k2 = (await keys.create({ plan: 'free', label: 'tenant-two' })).key;
    const get = (path: string, key: string) => w.h.call('GET', path, { headers: { 'x-api-key': key } });
    for (let i = 0; i < 5; i++) expect((await get('/v1/location/stats', k1)).status).toBe(200);
    expect((await get('/v1/location/stats', k2)).status).toBe(200);
    const usage2 = await get('/v1/geopin/usage', k2);
    expect(usage2.body.data).toMatchObject({ key: `${k2.slice(0, 12)}…`, label: 'tenant-two', plan: 'free', used: 1 });
    expect(JSON.stringify(usage2.body)).not.toContain(k1.slice(0, 12));
    expect(JSON.stringify(usage2.body)).not.toContain('tenant-one');
    expect((await get('/v1/geopin/usage', k1)).body.data).toMatchObject({ label: 'tenant-one', used: 5 });
    expect((await get('/v1/geopin/usage', w.a.key)).body.code).toBe('invalid_api_key');
    expect((await get('/checkout-admin?action=settings', k1)).body.code).toBe('invalid_api_key');
  });
});
