// Prometheus metrics: requests by route and status, latency histograms, batch sizes, webhook queue and failures, OTP sends.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const KNOWN_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total', help: 'Requests answered, by route, method and status', labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds', help: 'Time from request to reply, by route and method', labelNames: ['route', 'method'] as const,
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5], registers: [this.registry],
  });
  private readonly batches = new Histogram({
    name: 'location_batch_items', help: 'Items per batch request (geocode batch, batch lookup)', labelNames: ['route'] as const,
    buckets: [1, 5, 10, 25, 50, 75, 100], registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'webhook_delivery_attempts_total', help: 'Webhook delivery attempts, by result (delivered, failed_attempt)', labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly otpSends = new Counter({
    name: 'otp_sends_total', help: 'Email OTP send requests, by result (mailed, reused, refused)', labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** `webhookQueueDepth` is read at scrape time. */
  constructor(webhookQueueDepth: () => Promise<number>) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'webhook_queue_depth', help: 'Webhook deliveries waiting or in flight', registers: [this.registry],
      async collect() {
        this.set(await webhookQueueDepth());
      },
    });
  }

  /** Labelled children by "route method status": prom-client's labels() hashes its arguments on every call. */
  private readonly children = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();

  request(route: string, method: string, status: number, seconds: number): void {
    // Methods come from clients: unknown ones share one label, so they cannot grow the label sets.
    const verb = KNOWN_METHODS.has(method) ? method : 'other';
    const key = `${route} ${verb} ${status}`;
    let child = this.children.get(key);
    if (!child) {
      child = { count: this.requests.labels(route, verb, String(status)), time: this.duration.labels(route, verb) };
      this.children.set(key, child);
    }
    child.count.inc();
    child.time.observe(seconds);
  }

  batch(route: string, items: number): void {
    this.batches.labels(route).observe(items);
  }

  webhookAttempt(delivered: boolean): void {
    this.webhookAttempts.labels(delivered ? 'delivered' : 'failed_attempt').inc();
  }

  otpSend(result: 'mailed' | 'reused' | 'refused'): void {
    this.otpSends.labels(result).inc();
  }

  /** The text exposition format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}
