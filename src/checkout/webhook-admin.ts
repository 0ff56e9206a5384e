// The merchant's webhook log and its buttons: attempts, deliveries, one delivery in full, send again or now, a test send.
import type { Sql } from '../db/sql.ts';
import type { Clock } from '../kernel/clock.ts';
import { DomainError } from '../kernel/errors.ts';
import { newId } from '../kernel/ids.ts';
import type { RateCounter } from '../limits/rate-counter.ts';
import type { Merchant } from './merchant-repository.ts';
import type { WebhookOutbox } from './ports.ts';

export interface WebhookAdminDeps {
  sql: Sql;
  outbox: WebhookOutbox;
  counter: RateCounter;
  clock: Clock;
  /** Called after an outbox row committed or was made due (wakes the webhook dispatcher). */
  queued: () => void;
}

/** Test deliveries per merchant per minute: enough to debug an endpoint, too few to scan a network with. */
export const TEST_WEBHOOKS_PER_MINUTE = 10;
/** Deliveries one "send all failing now" requeues: a few milliseconds of writes; the rest wait for the next call. */
export const REDELIVER_ALL_BATCH = 500;
/** Calls of it per merchant per minute: a backlog of thousands in a minute, not a flood of resends to its server. */
export const REDELIVER_ALL_PER_MINUTE = 20;

interface Page {
  limit: number;
  offset: number;
}

export class WebhookAdmin {
  constructor(private readonly d: WebhookAdminDeps) {}

  /** Attempts, newest first (the document's webhook_deliveries). */
  async attempts(merchant: Merchant, page: Page) {
    const found = await this.d.outbox.attempts(merchant.id, page.limit, page.offset);
    return { ...found, ...page, retention_days: this.d.outbox.retentionDays };
  }

  /** One row per delivery with its latest attempt, newest first. */
  async deliveries(merchant: Merchant, q: Page & { state?: Parameters<WebhookOutbox['summaries']>[1] }) {
    const found = await this.d.outbox.summaries(merchant.id, q.state ?? null, q.limit, q.offset);
    return { ...found, limit: q.limit, offset: q.offset, retention_days: this.d.outbox.retentionDays };
  }

  async delivery(merchant: Merchant, deliveryId: string) {
    const found = await this.d.outbox.detail(merchant.id, deliveryId);
    if (!found) throw new DomainError('not_found', 'delivery_not_found', `No delivery ${deliveryId}`);
    return found;
  }

  /** A failed delivery is sent again from its first attempt; one waiting for a retry is sent now. */
  async redeliver(merchant: Merchant, deliveryId: string) {
    // Without a URL it would fail again at once while this answers "pending".
    if (!merchant.webhook_url)
      throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    if (!(await this.d.outbox.redeliver(merchant.id, deliveryId, this.d.clock()))) {
      throw new DomainError(
        'not_found',
        'delivery_not_found',
        `No failed or waiting delivery ${deliveryId} (a delivered one, or one being sent now, is not sent again)`,
      );
    }
    this.d.queued();
    return { delivery_id: deliveryId, status: 'pending' as const };
  }

  /**
   * Every failed delivery sent again, and every one waiting to retry sent now, oldest first, REDELIVER_ALL_BATCH a call
   * (the answer says when more are left): after the merchant's server was down, or a webhook URL was first set.
   */
  async redeliverFailing(merchant: Merchant) {
    const { d } = this;
    if (!merchant.webhook_url)
      throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    await this.limit(merchant, 'redeliver_failing', REDELIVER_ALL_PER_MINUTE, 'calls to send all failing deliveries');
    const answer = await d.outbox.redeliverFailing(merchant.id, d.clock(), REDELIVER_ALL_BATCH);
    if (answer.redelivered > 0) d.queued();
    return answer;
  }

  /** Queues one session.phone_verified delivery with a test payload to the configured webhook_url. */
  async testWebhook(merchant: Merchant) {
    const { d } = this;
    if (!merchant.webhook_url)
      throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    await this.limit(merchant, 'test_webhook', TEST_WEBHOOKS_PER_MINUTE, 'test webhooks');
    const now = d.clock();
    const deliveryId = await d.sql.transaction((tx) =>
      d.outbox.enqueue(
        tx,
        {
          event: 'session.phone_verified',
          merchant_id: merchant.id,
          buyer_id: newId(),
          session_id: newId(),
          auth_channel: 'phone',
          timestamp: now.toISOString(),
          data: { phone: '+919999999999', test: true },
        },
        now,
        // Made-up ids: the log links the delivery to no order.
        null,
      ),
    );
    d.queued();
    return { message: `Test webhook queued for ${merchant.webhook_url}`, delivery_id: deliveryId };
  }

  /** 429 once the merchant made `perMinute` calls of `scope` in the last minute. */
  private async limit(merchant: Merchant, scope: string, perMinute: number, what: string): Promise<void> {
    const hit = await this.d.counter.hit({ scope, limit: perMinute, windowSeconds: 60 }, merchant.id);
    if (!hit.allowed)
      throw new DomainError('rate_limited', 'rate_limited', `At most ${perMinute} ${what} a minute`, {
        retryAfterSeconds: hit.retryAfterSeconds,
      });
  }
}
