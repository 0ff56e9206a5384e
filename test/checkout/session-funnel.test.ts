// The funnel counted from sessions and payments: five COD orders show up even when the widget sent no funnel event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunnelReportSchema } from '../../src/checkout/funnel-responses.ts';
import { configureShop, startWorld, type World } from '../payments/support/shop.ts';
import { dataOf, ok, type Shop } from './support.ts';

let w: World;
let shop: Shop;

/** A buyer from `utm` who gets as far as `stage`, paying `cart` paise cash on delivery at the end. */
async function buyer(n: number, utm: Record<string, string>, stage: 'verified' | 'address' | 'paid', cart = 100_000) {
  const login = await w.h.login(shop.id, `funnel${n}@example.in`, { utm, cart_value_paise: cart });
  if (stage === 'verified') return;
  const address = { name: `Buyer ${n}`, street_name: 'MG Road', pincode: '560001' };
  const created = dataOf(await w.h.addresses(login.session_token, { action: 'create', address }));
  ok(await w.h.addresses(login.session_token, { action: 'address_completed', address_id: created.address.id }), 'addr');
  if (stage === 'paid') ok(await w.h.payment(login.session_token, { action: 'record_cod' }), 'cod');
}

beforeAll(async () => {
  w = await startWorld({});
  shop = await configureShop(w.h, { cod: { enabled: true } });
  const diwali = { utm_source: 'instagram', utm_campaign: 'diwali' };
  for (let i = 0; i < 5; i++) await buyer(i, diwali, 'paid', 150_050);
  await buyer(5, diwali, 'address');
  await buyer(6, { utm_source: 'google' }, 'verified');
  await buyer(7, {}, 'verified');
});
afterAll(async () => w?.dispose());

describe('GET ?action=funnel from sessions', () => {
  it('counts stages, conversion and revenue from sessions when the widget sent no funnel event', async () => {
    const report = FunnelReportSchema.parse(dataOf(await w.h.admin('GET', 'funnel', shop.key)));
    expect(report.total_events).toBe(0);
    const s = report.from_sessions;
    expect(s.stages.map((x) => [x.stage, x.sessions])).toEqual([
      ['verified', 8],
      ['address_completed', 6],
      ['payment_started', 5],
      ['paid', 5],
    ]);
    expect(s.stages[1]!.from_previous).toBe(0.75);
    expect([s.conversion, s.revenue_paise, s.abandoned]).toEqual([0.625, 750_250, 0]);
  });

  it('groups sessions by source, medium and campaign with their orders and revenue', async () => {
    const { utm } = FunnelReportSchema.parse(dataOf(await w.h.admin('GET', 'funnel', shop.key))).from_sessions;
    expect(utm).toEqual([
      {
        utm_source: 'instagram',
        utm_medium: null,
        utm_campaign: 'diwali',
        sessions: 6,
        paid: 5,
        revenue_paise: 750_250,
        conversion: 0.8333,
      },
      expect.objectContaining({ utm_source: 'google', sessions: 1, paid: 0, conversion: 0 }),
      expect.objectContaining({ utm_source: null, utm_campaign: null, sessions: 1 }),
    ]);
  });

  it('keeps to the window and to the merchant', async () => {
    const before = dataOf(await w.h.admin('GET', 'funnel', shop.key, undefined, 'from=2020-01-01&to=2020-01-31'));
    expect(before.from_sessions.stages[0].sessions).toBe(0);
    expect(before.from_sessions.conversion).toBeNull();
    const other = await configureShop(w.h, {});
    expect(dataOf(await w.h.admin('GET', 'funnel', other.key)).from_sessions.utm).toEqual([]);
  });
});
