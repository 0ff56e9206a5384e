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

  /** Queues one session.phone_verified delivery with a test payload to the configured webhook_url. */
  async testWebhook(merchant: Merchant) {
    const { d } = this;
    if (!merchant.webhook_url)
      throw new DomainError('conflict', 'webhook_not_configured', 'Set webhook_url with PATCH action=webhooks first');
    const hit = await d.counter.hit(
      { scope: 'test_webhook', limit: TEST_WEBHOOKS_PER_MINUTE, windowSeconds: 60 },
      merchant.id,
    );
    if (!hit.allowed) {
      throw new DomainError(
        'rate_limited',
        'rate_limited',
        `At most ${TEST_WEBHOOKS_PER_MINUTE} test webhooks a minute`,
        { retryAfterSeconds: hit.retryAfterSeconds },
      );
    }
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
}
