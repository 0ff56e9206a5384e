// The offers a banner reads are exactly those matchOffer would accept by state, time window and cart minimum, on the
// boundaries too, in list order; on both stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfferRepository, type NewOffer } from '../../src/checkout/offer-repository.ts';
import { systemClock } from '../../src/kernel/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer;
let repo: OfferRepository;
let merchantId: string;

const NOW = '2026-06-01T10:00:00.000Z';
const offer = (title: string, fields: Partial<NewOffer> = {}): NewOffer => ({
  title,
  description: null,
  discount_type: 'percent',
  discount_value: 10,
  min_cart_value_paise: null,
  utm_rules: {},
  priority: 0,
  active: true,
  starts_at: null,
  ends_at: null,
  ...fields,
});

beforeAll(async () => {
  server = await startTestServer();
  merchantId = (await server.parts.checkout.merchants.create('Offers shop', ['https://shop.example'])).merchant.id;
  repo = new OfferRepository(server.parts.sql, systemClock);
  const other = (await server.parts.checkout.merchants.create('Other shop', ['https://other.example'])).merchant.id;
  await repo.insert(other, offer('Another shop'));
  for (const o of [
    offer('Always', { priority: 1 }),
    offer('Off', { active: false, priority: 9 }),
    offer('Starts now', { starts_at: NOW, priority: 2 }),
    offer('Starts later', { starts_at: '2026-06-01T10:00:00.001Z', priority: 9 }),
    offer('Ends now', { ends_at: NOW, priority: 9 }),
    offer('Ends later', { ends_at: '2026-06-01T10:00:00.001Z', priority: 3 }),
    offer('Cart 5000', { min_cart_value_paise: 5_000, priority: 4 }),
    offer('Cart 5001', { min_cart_value_paise: 5_001, priority: 9 }),
    offer('Campaign', { utm_rules: { utm_campaign: 'diwali' }, priority: 5 }),
  ])
    await repo.insert(merchantId, o);
});
afterAll(async () => server?.dispose());

describe('OfferRepository.live', () => {
  it('keeps switched-on offers in their window whose minimum the cart meets, highest priority first', async () => {
    const titles = (await repo.live(merchantId, 5_000, NOW)).map((o) => o.title);
    expect(titles).toEqual(['Campaign', 'Cart 5000', 'Ends later', 'Starts now', 'Always']);
  });

  it('drops offers whose minimum a smaller or unknown cart misses', async () => {
    expect((await repo.live(merchantId, 0, NOW)).map((o) => o.title)).toEqual([
      'Campaign',
      'Ends later',
      'Starts now',
      'Always',
    ]);
  });
});
