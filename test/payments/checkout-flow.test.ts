// Payments over real checkout sessions: COD rules on the chosen address, payments switched off mid-flow, abandoned and expired sessions, browsers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, ok, scalar } from '../checkout/support.ts';
import { eventually } from '../webhooks/support/receiver.ts';
import { buyerSession, configureShop, hooksFor, payAtGateway, startWorld, type World } from './support/shop.ts';

const keys = { keyId: 'rzp_test_flow', keySecret: 'sk_flow_secret' };
let w: World;
beforeAll(async () => {
  w = await startWorld({ [keys.keyId]: keys.keySecret });
});
afterAll(async () => w.dispose());

const modeB = (cod: { maxCartValuePaise?: number; blockedPincodes?: string[] } = {}, origins?: string[]) =>
  configureShop(w.h, {
    origins,
    payment: keys,
    webhook: { url: w.receiver.url, secret: 'whsec_flow_0123456789' },
    cod: { enabled: true, ...cod },
  });
const completedEvents = (merchantId: string) =>
  scalar(w.h.sql, "SELECT COUNT(*) FROM webhook_outbox WHERE event = 'session.completed' AND merchant_id = ?", [
    merchantId,
  ]);

describe('payments over checkout sessions', () => {
  it('Mode B COD: allowed by the rules for the chosen address, recorded once, session.completed without gateway ids', async () => {
    const shop = await modeB({ maxCartValuePaise: 500_000, blockedPincodes: ['110001'] });
    const s = await buyerSession(w.h, shop, { cartValuePaise: 100_000, pincode: '560001' });
    expect((await w.h.payment(s.token, { action: 'record_cod' })).body).toEqual({
      success: true,
      payment_method: 'cod',
    });
    await eventually(() => hooksFor(w.receiver, s.sessionId).some((x) => x.body.event === 'session.completed'));
    const hook = hooksFor(w.receiver, s.sessionId).find((x) => x.body.event === 'session.completed')!;
    expect(hook.body).toMatchObject({
      merchant_id: shop.id,
      buyer_id: s.buyerId,
      data: { payment_method: 'cod', amount_paise: 100_000 },
    });
    expect(await completedEvents(shop.id)).toBe(1);
  });

  it('refuses COD with the failing rule as reason: blocked pincode, cart over the cap, COD off, no address', async () => {
    const shop = await modeB({ maxCartValuePaise: 500_000, blockedPincodes: ['110001'] });
    const cases: Array<[Parameters<typeof buyerSession>[2], string]> = [
      [{ cartValuePaise: 100_000, pincode: '110001' }, 'pincode_blocked'],
      [{ cartValuePaise: 900_000, pincode: '560001' }, 'cart_value_exceeds_limit'],
      [{ pincode: '560001' }, 'cart_value_unknown'],
    ];
    for (const [setup, reason] of cases) {
      const s = await buyerSession(w.h, shop, setup);
      const res = await w.h.payment(s.token, { action: 'record_cod' });
      expect(res, reason).toMatchObject({ status: 409, body: { code: 'cod_not_available', reason } });
    }
    // No address, no order: nowhere to deliver it (nor to pay for, online or not); nor once the chosen one is deleted.
    const nowhere = await buyerSession(w.h, shop, { cartValuePaise: 100_000, pincode: null });
    const deleted = await buyerSession(w.h, shop, { cartValuePaise: 100_000 });
    ok(await w.h.addresses(deleted.token, { action: 'delete', address_id: deleted.addressId }), 'delete');
    for (const buyer of [nowhere, deleted])
      for (const action of ['record_cod', 'create_order'])
        expect(await w.h.payment(buyer.token, { action }), action).toMatchObject({
          status: 409,
          body: { code: 'address_required' },
        });
    const noCod = await configureShop(w.h, { payment: keys });
    const res = await w.h.payment((await buyerSession(w.h, noCod, { pincode: '560001' })).token, {
      action: 'record_cod',
    });
    expect(res).toMatchObject({ status: 409, body: { code: 'cod_not_available', reason: 'cod_disabled' } });
    expect(await completedEvents(shop.id)).toBe(0);
  });

  it('Mode A: no session.completed for a verify after payments were switched off, nor for COD', async () => {
    const shop = await configureShop(w.h, { payment: keys, webhook: { url: w.receiver.url }, cod: { enabled: true } });
    const prepaid = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    const signed = await payAtGateway(w, prepaid.token);
    // The merchant switches to taking payment outside the service (Mode A) while the buyer is at the gateway.
    ok(
      await w.h.admin('PATCH', 'set_payment_config', shop.key, {
        gateway_key_id: keys.keyId,
        gateway_secret_key: keys.keySecret,
        payment_enabled: false,
      }),
      'mode A',
    );
    expect((await w.h.payment(prepaid.token, { action: 'verify', ...signed })).body).toMatchObject({
      success: true,
      payment_method: 'gateway',
    });
    const next = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    expect(await w.h.payment(next.token, { action: 'create_order' })).toMatchObject({
      status: 409,
      body: { code: 'payment_not_enabled' },
    });
    expect((await w.h.payment(next.token, { action: 'record_cod' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await completedEvents(shop.id)).toBe(0);
    expect(
      [...hooksFor(w.receiver, prepaid.sessionId), ...hooksFor(w.receiver, next.sessionId)].filter(
        (x) => x.body.event === 'session.completed',
      ),
    ).toEqual([]);
  });

  it('refuses an abandoned session with 409 and an expired or unknown token with 401, and writes nothing', async () => {
    const shop = await modeB();
    const s = await buyerSession(w.h, shop, { cartValuePaise: 10_000, pincode: '560001' });
    ok(await w.h.addresses(s.token, { action: 'abandon' }), 'abandon');
    expect(await w.h.payment(s.token, { action: 'record_cod' })).toMatchObject({
      status: 409,
      body: { code: 'session_abandoned' },
    });
    expect(await w.h.payment(s.token, { action: 'create_order' })).toMatchObject({
      status: 409,
      body: { code: 'session_abandoned' },
    });
    const expired = await buyerSession(w.h, shop, { cartValuePaise: 10_000 });
    await w.h.sql.run('UPDATE checkout_sessions SET expires_at = ? WHERE id = ?', [
      '2000-01-01T00:00:00.000Z',
      expired.sessionId,
    ]);
    expect(await w.h.payment(expired.token, { action: 'record_cod' })).toMatchObject({
      status: 401,
      body: { code: 'invalid_session' },
    });
    expect(
      await scalar(w.h.sql, 'SELECT COUNT(*) FROM session_payments WHERE session_id IN (?, ?)', [
        s.sessionId,
        expired.sessionId,
      ]),
    ).toBe(0);
    expect(await completedEvents(shop.id)).toBe(0);
  });

  it("serves a browser on the merchant's origin (preflight, CORS headers) and refuses any other origin with 403", async () => {
    const shop = await modeB({}, ['https://shop.example']);
    const s = await buyerSession(w.h, shop, { cartValuePaise: 100_000, pincode: '560001' });
    const preflight = await w.h.call('OPTIONS', '/checkout-payment', {
      headers: { origin: 'https://shop.example', 'access-control-request-headers': 'x-session-token' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-session-token');
    const refused = await w.h.payment(s.token, { action: 'record_cod' }, { origin: 'https://evil.example' });
    expect([refused.status, errorCode(refused)]).toEqual([403, 'origin_not_allowed']);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    const allowed = await w.h.payment(s.token, { action: 'record_cod' }, { origin: 'https://shop.example' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.example');
  });
});
