// POST /checkout-admin?action=redeliver_failing: after the merchant's server was down, or a webhook URL was first set,
// every failing delivery is sent again in one go: once each, with its delivery id, and never another shop's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDELIVER_ALL_PER_MINUTE } from '../../src/checkout/webhook-admin.ts';
import { eventually, startReceiver, type Receiver } from '../webhooks/support/receiver.ts';
import { dataOf, errorCode, startHarness, type Harness } from './support.ts';

let h: Harness;
let receiver: Receiver;
let down = true;
beforeAll(async () => {
  // A failed attempt waits an hour for its retry: only a redelivery sends it again within the test.
  h = await startHarness({ WEBHOOK_RETRY_BASE_MS: '3600000', WEBHOOK_POLL_MS: '20' });
  receiver = await startReceiver(() => (down ? { status: 503, body: 'down' } : { status: 200 }));
});
afterAll(async () => {
  await receiver?.close();
  await h.dispose();
});

interface EventsPage {
  deliveries: Array<{ delivery_id: string; status: string; last_attempt: { outcome: string } | null }>;
  total: number;
}
const events = async (key: string, query = '') =>
  dataOf<EventsPage>(await h.admin('GET', 'webhook_events', key, undefined, query));
const sentTo = (ids: string[]) =>
  receiver.requests.filter((r) => ids.includes(String(r.headers['x-service-delivery']))).length;

describe('sending every failing delivery again', () => {
  it('events logged before a URL was set: 409 until one is, then each is sent once', async () => {
    const shop = await h.merchant('No URL yet');
    const other = await h.merchant('Other shop');
    for (const email of ['a@example.in', 'b@example.in', 'c@example.in']) await h.login(shop.id, email);
    await h.login(other.id, 'd@example.in');
    const refused = await h.admin('POST', 'redeliver_failing', shop.key);
    expect([refused.status, errorCode(refused)]).toEqual([409, 'webhook_not_configured']);
    expect((await events(shop.key, 'state=failed')).total).toBe(3);

    down = false;
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: receiver.url });
    const sent = await h.admin('POST', 'redeliver_failing', shop.key);
    expect(sent.body).toEqual({ success: true, data: { redelivered: 3, more: false } });
    const ids = (await events(shop.key)).deliveries.map((d) => d.delivery_id);
    await eventually(async () => (await events(shop.key, 'state=delivered')).total === 3);
    expect(sentTo(ids)).toBe(3);
    // Nothing failing is left: the next call sends nothing, and the other shop's event was never touched.
    expect(dataOf(await h.admin('POST', 'redeliver_failing', shop.key))).toEqual({ redelivered: 0, more: false });
    expect((await events(other.key)).deliveries).toMatchObject([{ status: 'failed' }]);
  });

  it('deliveries waiting an hour to retry after the server came back are sent now', async () => {
    down = true;
    const shop = await h.merchant('Was down');
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: receiver.url });
    for (const email of ['e@example.in', 'f@example.in']) await h.login(shop.id, email);
    // Each attempted and told to wait (a delivery being sent counts as failing before its answer is in).
    const waiting = async () =>
      (await events(shop.key)).deliveries.filter((d) => d.last_attempt?.outcome === 'retrying');
    await eventually(async () => (await waiting()).length === 2);
    down = false;
    expect(dataOf(await h.admin('POST', 'redeliver_failing', shop.key))).toEqual({ redelivered: 2, more: false });
    await eventually(async () => (await events(shop.key, 'state=delivered')).total === 2);
  });

  it(`answers 429 after ${REDELIVER_ALL_PER_MINUTE} calls a minute, having sent nothing more`, async () => {
    const shop = await h.merchant('Busy button');
    await h.admin('PATCH', 'webhooks', shop.key, { webhook_url: receiver.url });
    for (let i = 0; i < REDELIVER_ALL_PER_MINUTE; i++)
      expect((await h.admin('POST', 'redeliver_failing', shop.key)).status).toBe(200);
    const limited = await h.admin('POST', 'redeliver_failing', shop.key);
    expect([limited.status, errorCode(limited)]).toEqual([429, 'rate_limited']);
  });
});
