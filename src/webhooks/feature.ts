// The webhook feature: the outbox dispatcher over the store; features call `queued` after committing an outbox row.
import type { Sql } from '../db/sql.ts';
import { WebhookDispatcher, type DispatcherOptions, type WebhookTargetLookup } from './dispatcher.ts';
import { enqueueWebhook, OutboxRepository } from './outbox-repository.ts';

/** What features that queue events are given: enqueue in their transaction, read and retry the delivery log. */
export interface WebhookOutboxPort {
  enqueue: typeof enqueueWebhook;
  deliveries: OutboxRepository['deliveries'];
  redeliver: OutboxRepository['redeliver'];
}

export interface Webhooks {
  outbox: OutboxRepository;
  /** The port checkout and payments queue their events through. */
  port: WebhookOutboxPort;
  /** Scan now instead of at the next poll. */
  queued: () => void;
  start(): void;
  /** Stops claiming and waits for attempts in flight, so their results are recorded. */
  stop(): Promise<void>;
}

/** `options` null: this node only queues (WEBHOOK_DISPATCHER=off); another node delivers. */
export function createWebhooks(deps: {
  sql: Sql;
  targets: WebhookTargetLookup;
  options: DispatcherOptions | null;
}): Webhooks {
  const outbox = new OutboxRepository(deps.sql);
  const dispatcher = deps.options ? new WebhookDispatcher(outbox, deps.targets, deps.options) : null;
  return {
    outbox,
    port: {
      enqueue: enqueueWebhook,
      deliveries: (m, l, o) => outbox.deliveries(m, l, o),
      redeliver: (m, d, n) => outbox.redeliver(m, d, n),
    },
    queued: () => dispatcher?.wake(),
    start: () => dispatcher?.start(),
    stop: async () => dispatcher?.stop(),
  };
}
