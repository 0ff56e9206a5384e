// The webhook feature: the outbox dispatcher over the store; features call `queued` after committing an outbox row.
import type { Sql } from '../db/sql.ts';
import { DeliveryLog } from './delivery-log.ts';
import { WebhookDispatcher, type DispatcherOptions, type WebhookTargetLookup } from './dispatcher.ts';
import { DeliveryLogRetention } from './log-retention.ts';
import { enqueueWebhook, OutboxRepository, type HasTarget } from './outbox-repository.ts';
import type { WebhookPayload } from '../kernel/events.ts';

/** What features that queue events are given: enqueue in their transaction, read and retry the delivery log. */
export interface WebhookOutboxPort {
  /** Inserts the event with the transaction `tx` that makes the state change; returns its delivery id. */
  enqueue(tx: Sql, payload: WebhookPayload<object>, now: Date, sessionId?: string | null): Promise<string>;
  attempts: DeliveryLog['attempts'];
  summaries: DeliveryLog['summaries'];
  detail: DeliveryLog['detail'];
  forSession: DeliveryLog['forSession'];
  redeliver: OutboxRepository['redeliver'];
  redeliverFailing: OutboxRepository['redeliverFailing'];
  /** Days a finished delivery is kept after its last attempt; null: for ever. */
  retentionDays: number | null;
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

/**
 * `options` null: this node only queues (WEBHOOK_DISPATCHER=off); another node delivers. The node that delivers also
 * prunes the delivery log, unless `logRetentionDays` is 0 (for ever).
 */
export function createWebhooks(deps: {
  sql: Sql;
  targets: WebhookTargetLookup;
  /** The same question as `targets`' url, asked in the transaction that queues an event. */
  hasTarget: HasTarget;
  options: DispatcherOptions | null;
  logRetentionDays: number;
}): Webhooks {
  const outbox = new OutboxRepository(deps.sql);
  const log = new DeliveryLog(deps.sql);
  const options = deps.options;
  const dispatcher = options ? new WebhookDispatcher(outbox, deps.targets, options) : null;
  const days = deps.logRetentionDays;
  const retention =
    options && days > 0 ? new DeliveryLogRetention(deps.sql, { days, now: options.now, log: options.log }) : null;
  return {
    outbox,
    port: {
      enqueue: (tx, payload, now, sessionId) => enqueueWebhook(tx, payload, now, deps.hasTarget, sessionId),
      attempts: (m, l, o) => log.attempts(m, l, o),
      summaries: (m, f, l, o) => log.summaries(m, f, l, o),
      detail: (m, d) => log.detail(m, d),
      forSession: (m, s) => log.forSession(m, s),
      redeliver: (m, d, n) => outbox.redeliver(m, d, n),
      redeliverFailing: (m, n, l) => outbox.redeliverFailing(m, n, l),
      retentionDays: days > 0 ? days : null,
    },
    queued: () => dispatcher?.wake(),
    start: () => {
      dispatcher?.start();
      retention?.start();
    },
    stop: async () => {
      await Promise.all([dispatcher?.stop(), retention?.stop()]);
    },
  };
}
