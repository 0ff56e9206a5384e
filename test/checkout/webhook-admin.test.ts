// The merchant's webhook log: each attempt's own outcome, deliveries one per event, one in full, retry now, isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startReceiver, type Receiver } from '../webhooks/support/receiver.ts';
import { dataOf, errorCode, MISSING_ID, startHarness, type Harness, type Shop } from './support.ts';

let h: Harness;
let a: Shop;
let b: Shop;
let receiver: Receiver;
let failing = true;
beforeAll(async () => {
  // A failed attempt waits an hour for its retry: only "retry now" sends it again within the test.
  h = await startHarness({ WEBHOOK_RETRY_BASE_MS: '3600000', WEBHOOK_POLL_MS: '20' });
  a = await h.merchant('A');
  b = await h.merchant('B');
  receiver = await startReceiver(() => (failing ? { status: 503, body: 'down for maintenance' } : { status: 200 }));
  await h.admin('PATCH', 'webhooks', a.key, { webhook_url: receiver.url });
});
afterAll(async () => {
  await receiver?.close();
  await h.dispose();
});

describe('the webhook log', () => {
  it('lists a session event once with its latest attempt, retries it now on request, and keeps each attempt as it was', async () => {
    const session = await h.login(a.id, 'asha@example.in');
    const events = async (query = '') => dataOf(await h.admin('GET', 'webhook_events', a.key, undefined, query));
    await eventually(async () => (await events()).deliveries[0]?.last_attempt?.outcome === 'retrying');
    const [waiting] = (await events()).deliveries;
    expect(waiting).toMatchObject({
      event: 'session.email_verified',
      session_id: session.session_id,
      status: 'pending',
      attempts: 1,
      last_attempt: { attempt: 1, http_status: 503, response_body: 'down for maintenance', outcome: 'retrying' },
    });
    // The next try is about an hour away (±20 % jitter): the page shows when.
    const wait = Date.parse(waiting.next_attempt_at) - Date.now();
    expect(wait).toBeGreaterThan(2_500_000);
    expect(waiting.last_attempt.next_retry_at).toBe(waiting.next_attempt_at);
    expect((await events('state=failing')).total).toBe(1);
    expect((await events('state=delivered')).total).toBe(0);

    failing = false;
    const now = await h.admin('POST', 'redeliver_webhook', a.key, { delivery_id: waiting.delivery_id.toUpperCase() });
    expect(now.body).toEqual({ success: true, data: { delivery_id: waiting.delivery_id, status: 'pending' } });
    await eventually(async () => (await events()).deliveries[0]?.status === 'delivered');
    expect((await events()).deliveries[0]).toMatchObject({ attempts: 2, next_attempt_at: null });
    expect((await events('state=failing')).total).toBe(0);

    const attempts = dataOf(await h.admin('GET', 'webhook_deliveries', a.key)).deliveries;
    // The first attempt still says what it was; only `status` is the delivery's state now.
    expect(attempts.map((x: Record<string, unknown>) => [x.attempt, x.http_status, x.outcome, x.status])).toEqual([
      [2, 200, 'delivered', 'delivered'],
      [1, 503, 'retrying', 'delivered'],
    ]);
    expect(attempts[1].session_id).toBe(session.session_id);
    const again = await h.admin('POST', 'redeliver_webhook', a.key, { delivery_id: waiting.delivery_id });
    expect([again.status, errorCode(again)]).toEqual([404, 'delivery_not_found']);
  });

  it('shows one delivery in full: the exact body it sends and every attempt, oldest first', async () => {
    const [latest] = dataOf(await h.admin('GET', 'webhook_events', a.key)).deliveries;
    const detail = dataOf(
      await h.admin('GET', 'webhook_delivery', a.key, undefined, `delivery_id=${latest.delivery_id}`),
    );
    expect(detail).toMatchObject({ delivery_id: latest.delivery_id, status: 'delivered', attempts: 2 });
    expect(detail.payload).toMatchObject({
      event: 'session.email_verified',
      merchant_id: a.id,
      data: { email: 'asha@example.in' },
    });
    expect(JSON.stringify(detail.payload)).toBe(receiver.requests.at(-1)!.rawBody);
    expect(detail.attempt_log.map((x: { outcome: string }) => x.outcome)).toEqual(['retrying', 'delivered']);
  });

  it('fails an event at once for a merchant without a webhook_url, and sends it on redeliver once one is set', async () => {
    const c = await h.merchant('C');
    const sent = receiver.requests.length;
    const session = await h.login(c.id, 'ravi@example.in');
    // No waiting: the verify's own transaction queued the event already failed, with its one attempt logged.
    const [dropped] = dataOf(await h.admin('GET', 'webhook_events', c.key)).deliveries;
    expect(dropped).toMatchObject({
      event: 'session.email_verified',
      session_id: session.session_id,
      status: 'failed',
      attempts: 1,
      next_attempt_at: null,
      last_attempt: {
        attempt: 1,
        http_status: null,
        error: 'no webhook_url configured; not retried',
        outcome: 'failed',
      },
    });
    // The dispatcher (polling every 20 ms) never claims it: no second attempt, nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dataOf(await h.admin('GET', 'webhook_deliveries', c.key)).total).toBe(1);
    expect(receiver.requests.length).toBe(sent);

    // Sent again without a URL it would only fail again: refused, and the delivery stays as it was.
    const early = await h.admin('POST', 'redeliver_webhook', c.key, { delivery_id: dropped.delivery_id });
    expect([early.status, errorCode(early)]).toEqual([409, 'webhook_not_configured']);
    expect((await h.admin('GET', 'webhook_events', c.key)).body.data.deliveries[0]).toMatchObject({ status: 'failed' });

    failing = false;
    await h.admin('PATCH', 'webhooks', c.key, { webhook_url: receiver.url });
    const again = await h.admin('POST', 'redeliver_webhook', c.key, { delivery_id: dropped.delivery_id });
    expect(again.body).toEqual({ success: true, data: { delivery_id: dropped.delivery_id, status: 'pending' } });
    const events = async () => dataOf(await h.admin('GET', 'webhook_events', c.key)).deliveries;
    await eventually(async () => (await events())[0]?.status === 'delivered');
    expect(JSON.parse(receiver.requests.at(-1)!.rawBody)).toMatchObject({ session_id: session.session_id });
  });

  it("refuses another merchant's delivery, an unknown id and a malformed one", async () => {
    const [latest] = dataOf(await h.admin('GET', 'webhook_events', a.key)).deliveries;
    const query = (id: string) => `delivery_id=${id}`;
    const foreign = await h.admin('GET', 'webhook_delivery', b.key, undefined, query(latest.delivery_id));
    expect([foreign.status, errorCode(foreign)]).toEqual([404, 'delivery_not_found']);
    expect(errorCode(await h.admin('GET', 'webhook_delivery', a.key, undefined, query(MISSING_ID)))).toBe(
      'delivery_not_found',
    );
    expect(errorCode(await h.admin('GET', 'webhook_delivery', a.key, undefined, query('d_1')))).toBe('invalid_request');
    expect(errorCode(await h.admin('GET', 'webhook_events', a.key, undefined, 'state=lost'))).toBe('invalid_request');
    // Each page says how far back the log goes (WEBHOOK_LOG_RETENTION_DAYS, 30 by default).
    const empty = { deliveries: [], total: 0, limit: 50, offset: 0, retention_days: 30 };
    expect(dataOf(await h.admin('GET', 'webhook_events', b.key))).toEqual(empty);
    expect(dataOf(await h.admin('GET', 'webhook_deliveries', b.key))).toEqual(empty);
  });
});
