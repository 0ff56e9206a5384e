// Background sender: claims due outbox rows under a lease, POSTs them concurrently, schedules retries, never throws.
import { OutageLog } from '../kernel/outage-log.ts';
import { silentLog, type Log } from '../kernel/log.ts';
import type { EgressPolicy } from '../net/egress-policy.ts';
import { deliver, type DeliveryOutcome, type DeliveryRequest } from './deliver.ts';
import {
  NOT_CONFIGURED,
  NOT_SENT,
  type AttemptResult,
  type OutboxRepository,
  type OutboxRow,
} from './outbox-repository.ts';
import { retryDelayMs, type RetryPolicy } from './retry-schedule.ts';

/** Where a merchant's webhooks go; a null url means "not configured": the event is logged once and dropped. */
export interface WebhookTarget {
  url: string | null;
  secret: string | null;
}

/** Reads a merchant's webhook config; resolves null for an unknown merchant. */
export type WebhookTargetLookup = (merchantId: string) => Promise<WebhookTarget | null>;

/** Timing and limits; production values come from loadWebhookSettings. */
export interface DispatcherOptions {
  retry: RetryPolicy;
  /** Per-attempt timeout, connect to last body byte. @default 10000 */
  timeoutMs: number;
  /** How long a claim lasts; a row whose sender died is retried after this. Must exceed timeoutMs. */
  leaseMs: number;
  /** Longest sleep between outbox scans (rows written by other code are picked up within this). @default 1000 */
  pollMs: number;
  /** Most attempts in flight at once. @default 8 */
  concurrency: number;
  now?: () => Date;
  random?: () => number;
  /** The HTTP attempt; tests keep the real one and point it at 127.0.0.1 receivers. */
  send?: (req: DeliveryRequest) => Promise<DeliveryOutcome>;
  log?: Log;
  /** Called after every attempt (metrics). */
  onAttempt?(outcome: DeliveryOutcome): void;
  /** What a webhook URL may reach, re-checked at every attempt. */
  egress: EgressPolicy;
}

/** HTTP 410 Gone tells us the receiver no longer wants this event: stop retrying. */
const GONE = 410;

/** At-least-once delivery of the outbox; each row keeps its delivery id across retries and restarts. */
export class WebhookDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = Infinity;
  private running = false;
  /** The scan under way, if any: stop() waits for it, since attempts it claims must be recorded too. */
  private scanning: Promise<void> | null = null;
  /** A store out of reach fails every poll: said once, then once a minute, then "works again". */
  private readonly scans: OutageLog;
  private readonly now: () => Date;
  private readonly random: () => number;
  private readonly send: (req: DeliveryRequest) => Promise<DeliveryOutcome>;

  constructor(
    private readonly store: OutboxRepository,
    private readonly lookup: WebhookTargetLookup,
    private readonly options: DispatcherOptions,
  ) {
    if (options.leaseMs <= options.timeoutMs)
      throw new RangeError(`leaseMs ${options.leaseMs} must exceed timeoutMs ${options.timeoutMs}`);
    this.now = options.now ?? (() => new Date());
    this.random = options.random ?? Math.random;
    this.send = options.send ?? deliver;
    this.scans = new OutageLog(options.log ?? silentLog, 'outbox scan');
  }

  /** Starts scanning; rows left 'sending' by a crashed process are retried once their lease runs out. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Scan now instead of at the next poll (call after committing an outbox row). */
  wake(): void {
    if (this.running) this.schedule(0);
  }

  /** Stops claiming and waits for attempts in flight (each bounded by timeoutMs) so their results are recorded. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.scanning;
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number): void {
    const dueAt = Date.now() + Math.max(0, delayMs);
    if (this.timer && this.timerDueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.timerDueAt = Infinity;
        this.pump();
      },
      Math.max(0, delayMs),
    );
  }

  private pump(): void {
    if (!this.running || this.scanning) return;
    this.scanning = this.scan().then(
      (sleepMs) => {
        this.scanning = null;
        this.scans.succeeded();
        if (this.running) this.schedule(sleepMs);
      },
      (err: unknown) => {
        this.scanning = null;
        // A locked or closing database must not kill the loop; try again at the next poll.
        if (!this.running) return;
        this.scans.failed(err);
        this.schedule(this.options.pollMs);
      },
    );
  }

  /** Claims what is due (only when something is, so idle polls take no write lock); resolves with the time to sleep. */
  private async scan(): Promise<number> {
    const next = await this.store.nextDueAt();
    const now = this.now();
    if (next && next.getTime() <= now.getTime()) {
      const capacity = this.options.concurrency - this.inFlight.size;
      // Full: a finishing attempt schedules the next scan.
      if (capacity <= 0) return this.options.pollMs;
      const rows = await this.store.claimDue(now, this.options.leaseMs, capacity);
      for (const row of rows) this.track(this.attempt(row));
      // Due but nothing claimed: another node holds those rows for a moment; look again soon, not in a tight loop.
      return rows.length > 0 ? 0 : Math.min(this.options.pollMs, 100);
    }
    if (!next) return this.options.pollMs;
    return Math.min(this.options.pollMs, Math.max(0, next.getTime() - now.getTime()));
  }

  private track(work: Promise<void>): void {
    const tracked = work.finally(() => {
      this.inFlight.delete(tracked);
      if (this.running) this.schedule(0);
    });
    this.inFlight.add(tracked);
  }

  private async attempt(row: OutboxRow): Promise<void> {
    const outcome = await this.sendRow(row);
    this.options.onAttempt?.(outcome);
    const now = this.now();
    const next = this.nextStep(row, outcome, now);
    this.report(row, outcome, next);
    try {
      await this.store.recordAttempt(row, outcome, next, now);
    } catch (err) {
      // The lease expires and the row is sent again; receivers dedupe by X-Service-Delivery.
      (this.options.log ?? silentLog).error(
        { err, outbox_id: row.id, attempt: row.attempts },
        'could not record a delivery attempt',
      );
    }
  }

  /** A failed attempt is a warning, with when it is tried again or that it never will be (the merchant must act). */
  private report(row: OutboxRow, outcome: DeliveryOutcome, next: AttemptResult): void {
    if (outcome.ok) return;
    const log = this.options.log ?? silentLog;
    const fields = {
      merchant_id: row.merchant_id,
      delivery_id: row.delivery_id,
      event: row.event,
      attempt: row.attempts,
      http_status: outcome.httpStatus,
      error: outcome.error,
    };
    if (outcome.error === NOT_CONFIGURED) log.info(fields, 'webhook event dropped: the merchant has no webhook_url');
    else if (next.status === 'pending')
      log.warn({ ...fields, next_attempt_at: next.nextAttemptAt.toISOString() }, 'webhook attempt failed; will retry');
    else
      log.warn(
        { ...fields, reason: outcome.httpStatus === GONE ? 'gone' : 'retries_exhausted' },
        outcome.httpStatus === GONE
          ? 'webhook delivery failed: the receiver answered 410 Gone; not retried'
          : `webhook delivery failed: retries exhausted after ${row.attempts} attempts`,
      );
  }

  private async sendRow(row: OutboxRow): Promise<DeliveryOutcome> {
    let target: WebhookTarget | null;
    try {
      target = await this.lookup(row.merchant_id);
    } catch (err) {
      return { ok: false, httpStatus: null, responseBody: null, error: `webhook config lookup failed: ${String(err)}` };
    }
    // The URL was removed after the event was queued (events queued without one are failed at once, enqueueWebhook).
    if (!target?.url) return NOT_SENT;
    return this.send({
      url: target.url,
      body: row.payload,
      event: row.event,
      deliveryId: row.delivery_id,
      secret: target.secret,
      timeoutMs: this.options.timeoutMs,
      now: this.now(),
      egress: this.options.egress,
    });
  }

  private nextStep(row: OutboxRow, outcome: DeliveryOutcome, now: Date): AttemptResult {
    if (outcome.ok) return { status: 'delivered' };
    if (outcome.httpStatus === GONE || outcome.error === NOT_CONFIGURED) return { status: 'failed' };
    const delay = retryDelayMs(row.attempts, this.options.retry, this.random);
    if (delay === null) return { status: 'failed' };
    return { status: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
  }
}
