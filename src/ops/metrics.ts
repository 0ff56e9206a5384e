// Prometheus metrics: requests by route and status, latency histograms, batch sizes, webhook queue and failures, OTP sends.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RequestStats, type Series } from './request-stats.ts';

export type OtpSendResult = 'mailed' | 'reused' | 'refused';

/** What every HTTP thread records: the primary thread's Metrics, or another thread's ThreadMetrics sent on to it. */
export interface MetricsSink {
  request(route: string, method: string, status: number, seconds: number): void;
  batch(route: string, items: number): void;
  otpSend(result: OtpSendResult): void;
}

/** One thread's counts since its last report. */
export interface ThreadReport {
  series: Series[];
  batches: Array<[string, number]>;
  otpSends: OtpSendResult[];
}

/** The counts of an HTTP thread other than the primary: kept as plain data and handed over in reports. */
export class ThreadMetrics implements MetricsSink {
  private readonly requests = new RequestStats();
  private batches: Array<[string, number]> = [];
  private otpSends: OtpSendResult[] = [];

  request(route: string, method: string, status: number, seconds: number): void {
    this.requests.record(route, method, status, seconds);
  }

  batch(route: string, items: number): void {
    this.batches.push([route, items]);
  }

  otpSend(result: OtpSendResult): void {
    this.otpSends.push(result);
  }

  /** The counts since the last report, forgotten here. */
  report(): ThreadReport {
    const report = { series: this.requests.drain(), batches: this.batches, otpSends: this.otpSends };
    this.batches = [];
    this.otpSends = [];
    return report;
  }
}

export class Metrics implements MetricsSink {
  /** The exposition format's content type. */
  static readonly contentType = new Registry().contentType;
  readonly registry = new Registry();
  /** Per-request series stay out of prom-client: its label hashing costs more than the lookup being measured. */
  readonly requests = new RequestStats();
  private readonly batches = new Histogram({
    name: 'location_batch_items',
    help: 'Items per batch request (geocode batch, batch lookup)',
    labelNames: ['route'] as const,
    buckets: [1, 5, 10, 25, 50, 75, 100],
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts, by result (delivered, failed_attempt)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly otpSends = new Counter({
    name: 'otp_sends_total',
    help: 'Email OTP send requests, by result (mailed, reused, refused)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** Requests answered by each HTTP thread (0 = the main thread): shows how connections spread over WORKERS. */
  private mainThreadRequests = 0;
  private readonly workerRequests = new Map<number, number>();

  /** `webhookQueueDepth` is read at scrape time. */
  constructor(webhookQueueDepth: () => Promise<number>) {
    collectDefaultMetrics({ register: this.registry });
    const threads = () => [[0, this.mainThreadRequests] as const, ...this.workerRequests];
    new Counter({
      name: 'http_thread_requests_total',
      help: 'Requests answered, by HTTP thread (0 = main thread, 1.. = WORKERS threads)',
      labelNames: ['thread'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [thread, requests] of threads()) this.labels(String(thread)).inc(requests);
      },
    });
    new Gauge({
      name: 'webhook_queue_depth',
      help: 'Webhook deliveries waiting or in flight',
      registers: [this.registry],
      async collect() {
        this.set(await webhookQueueDepth());
      },
    });
  }

  request(route: string, method: string, status: number, seconds: number): void {
    this.mainThreadRequests++;
    this.requests.record(route, method, status, seconds);
  }

  /** What another HTTP thread counted since its last report. */
  threadReport(thread: number, report: ThreadReport): void {
    this.requests.merge(report.series);
    this.workerRequests.set(
      thread,
      (this.workerRequests.get(thread) ?? 0) + report.series.reduce((sum, s) => sum + s.count, 0),
    );
    for (const [route, items] of report.batches) this.batch(route, items);
    for (const result of report.otpSends) this.otpSend(result);
  }

  batch(route: string, items: number): void {
    this.batches.labels(route).observe(items);
  }

  webhookAttempt(delivered: boolean): void {
    this.webhookAttempts.labels(delivered ? 'delivered' : 'failed_attempt').inc();
  }

  otpSend(result: OtpSendResult): void {
    this.otpSends.labels(result).inc();
  }

  /** The text exposition format. */
  async text(): Promise<string> {
    return `${await this.registry.metrics()}\n${this.requests.text()}`;
  }
}
