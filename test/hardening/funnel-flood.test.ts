// Issue 13 "Funnel": 10 s of one client stored 131,864 fake events; now concurrent floods stop at the per-IP, per-merchant and per-session caps, and the admin funnel stays sound.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FUNNEL_LIMITS } from '../../src/checkout/funnel-service.ts';
import { dataOf, freshWindow, scalar, startHarness, type Harness, type Shop } from '../checkout/support.ts';

const { perIpMinute, perMerchantMinute, perSession } = DEFAULT_FUNNEL_LIMITS;
const IN_FLIGHT = 32;

let h: Harness;
beforeAll(async () => {
  // One trusted proxy: each request's X-Forwarded-For names its client, so one test process can be many attackers.
  h = await startHarness({ TRUST_PROXY_HOPS: '1' });
}, 60_000);
afterAll(async () => h?.dispose());

interface Event {
  merchant_id: string;
  event_type: string;
  session_id?: string;
  step?: string;
}

/** Sends every event with IN_FLIGHT at once; returns the statuses counted. */
async function flood(events: Array<{ event: Event; ip: string }>): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < events.length) {
        const { event, ip } = events[next++]!;
        const res = await h.call('POST', '/checkout-funnel-events', {
          body: event,
          headers: { 'x-forwarded-for': ip },
        });
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

const stored = (merchant: Shop, where = '', args: unknown[] = []) =>
  scalar(h.sql, `SELECT COUNT(*) FROM funnel_events WHERE merchant_id = ?${where}`, [merchant.id, ...args]);

describe('funnel event floods', () => {
  it('stores at most the per-IP limit from one client, however many it sends at once', async () => {
    const shop = await h.merchant('One client');
    await freshWindow(60, 10_000);
    const statuses = await flood(
      Array.from({ length: 1000 }, () => ({
        event: { merchant_id: shop.id, event_type: 'checkout_opened' },
        ip: '203.0.113.7',
      })),
    );
    expect(statuses).toEqual({ 200: perIpMinute, 429: 1000 - perIpMinute });
    expect(await stored(shop)).toBe(perIpMinute);
  }, 60_000);

  it('stores at most the per-merchant limit from many clients, and another merchant is unaffected', async () => {
    const [shop, other] = [await h.merchant('Botnet target'), await h.merchant('Bystander')];
    await freshWindow(60, 30_000);
    const clients = Math.ceil((perMerchantMinute * 1.3) / 100);
    const events = Array.from({ length: clients * 100 }, (_v, i) => ({
      event: { merchant_id: shop.id, event_type: 'checkout_opened' },
      ip: `198.51.${i % clients}.9`,
    }));
    const statuses = await flood(events);
    expect(statuses[200]).toBe(perMerchantMinute);
    expect(await stored(shop)).toBe(perMerchantMinute);
    expect(
      (await flood([{ event: { merchant_id: other.id, event_type: 'checkout_opened' }, ip: '192.0.2.1' }]))[200],
    ).toBe(1);
  }, 120_000);

  it('stores at most the per-session cap for one session, even from many clients at once', async () => {
    const shop = await h.merchant('Session flood');
    const session = randomUUID();
    await freshWindow(60, 10_000);
    const events = Array.from({ length: 3 * perSession }, (_v, i) => ({
      event: { merchant_id: shop.id, event_type: 'otp_sent', session_id: session },
      ip: `192.0.2.${i % 50}`,
    }));
    const statuses = await flood(events);
    expect(statuses[200]).toBe(perSession);
    expect(await stored(shop, ' AND session_id = ?', [session])).toBe(perSession);
  }, 60_000);

  it('keeps the admin funnel sound after a flood of out-of-order events and invented event types', async () => {
    const shop = await h.merchant('Funnel after flood');
    await freshWindow(60, 10_000);
    // Late-stage events without earlier ones, and 300 distinct invented types from three clients.
    const junk = Array.from({ length: 3 * perIpMinute }, (_v, i) => ({
      event: {
        merchant_id: shop.id,
        event_type: i % 6 ? `invented_${i}` : 'order_placed',
        ...(i % 4 ? { session_id: randomUUID() } : {}),
      },
      ip: `203.0.113.${100 + (i % 3)}`,
    }));
    await flood(junk);
    const funnel = dataOf(await h.admin('GET', 'funnel', shop.key));
    expect(funnel.total_events).toBe(await stored(shop));
    // The per-type breakdown is capped (200 groups), the total is not.
    expect(Object.keys(funnel.events)).toHaveLength(200);
    const reached = funnel.stages.map((s: { reached: number }) => s.reached);
    expect(reached).toEqual([...reached].sort((a, b) => b - a));
    for (const stage of funnel.stages) {
      if (stage.from_previous !== null) expect(stage.from_previous).toBeLessThanOrEqual(1);
      if (stage.from_start !== null) expect(stage.from_start).toBeLessThanOrEqual(1);
    }
    expect(funnel.overall_conversion).toBeLessThanOrEqual(1);
  }, 60_000);
});
