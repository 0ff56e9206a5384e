// Request counts and latency histograms kept as plain numbers: cheap per request, mergeable across threads, rendered as Prometheus text.

/** Upper bounds (seconds) of the latency buckets. */
export const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** Client-sent methods map to these; any other one shares the label "other", so it cannot grow the series. */
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'other'];
const METHOD_INDEX = new Map(METHODS.map((m, i) => [m, i]));

/** One (route, method, status): answered requests, their total seconds and per-bucket counts (not cumulative). */
export interface Series {
  route: string;
  method: string;
  status: number;
  count: number;
  sum: number;
  buckets: number[];
}

export class RequestStats {
  /** route -> (status * 8 + method index) -> series: no key string is built per request. */
  private readonly byRoute = new Map<string, Map<number, Series>>();
  /** The series `record` used last: a run of requests to one route is counted without a lookup. */
  private last: Series | null = null;

  record(route: string, method: string, status: number, seconds: number): void {
    let s = this.last;
    if (s === null || s.route !== route || s.status !== status || s.method !== method)
      this.last = s = this.seriesFor(route, method, status);
    s.count++;
    s.sum += seconds;
    let b = 0;
    while (b < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[b]!) b++;
    s.buckets[b]!++;
  }

  /** Adds another thread's counts (from its `drain`). */
  merge(batch: Series[]): void {
    for (const other of batch) {
      const s = this.seriesFor(other.route, other.method, other.status);
      s.count += other.count;
      s.sum += other.sum;
      other.buckets.forEach((n, b) => (s.buckets[b]! += n));
    }
  }

  /** The counts since the last drain, and forgets them (a worker thread hands them to the main thread). */
  drain(): Series[] {
    const batch = [...this.all()];
    this.byRoute.clear();
    this.last = null;
    return batch;
  }

  /** `http_requests_total` by route, method and status; `http_request_duration_seconds` by route and method. */
  text(): string {
    const lines = [
      '# HELP http_requests_total Requests answered, by route, method and status',
      '# TYPE http_requests_total counter',
    ];
    const byRouteMethod = new Map<string, Series>();
    for (const s of this.all()) {
      lines.push(
        `http_requests_total{route="${escape(s.route)}",method="${s.method}",status="${s.status}"} ${s.count}`,
      );
      const key = `${s.route} ${s.method}`;
      const total = byRouteMethod.get(key) ?? {
        ...s,
        count: 0,
        sum: 0,
        buckets: LATENCY_BUCKETS.map(() => 0).concat(0),
      };
      total.count += s.count;
      total.sum += s.sum;
      s.buckets.forEach((n, b) => (total.buckets[b]! += n));
      byRouteMethod.set(key, total);
    }
    lines.push(
      '# HELP http_request_duration_seconds Time from request to reply, by route and method',
      '# TYPE http_request_duration_seconds histogram',
    );
    for (const s of byRouteMethod.values()) {
      const labels = `route="${escape(s.route)}",method="${s.method}"`;
      let cumulative = 0;
      LATENCY_BUCKETS.forEach((le, b) => {
        cumulative += s.buckets[b]!;
        lines.push(`http_request_duration_seconds_bucket{le="${le}",${labels}} ${cumulative}`);
      });
      lines.push(`http_request_duration_seconds_bucket{le="+Inf",${labels}} ${s.count}`);
      lines.push(
        `http_request_duration_seconds_sum{${labels}} ${s.sum}`,
        `http_request_duration_seconds_count{${labels}} ${s.count}`,
      );
    }
    return `${lines.join('\n')}\n`;
  }

  private *all(): Iterable<Series> {
    for (const statuses of this.byRoute.values()) yield* statuses.values();
  }

  private seriesFor(route: string, method: string, status: number): Series {
    const verb = METHOD_INDEX.get(method) ?? METHODS.length - 1;
    let statuses = this.byRoute.get(route);
    if (!statuses) this.byRoute.set(route, (statuses = new Map<number, Series>()));
    let s = statuses.get(status * 8 + verb);
    if (!s) {
      s = { route, method: METHODS[verb]!, status, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0).concat(0) };
      statuses.set(status * 8 + verb, s);
    }
    return s;
  }
}

/** Label values escape backslash, double quote and newline (the text format's rule). */
function escape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}
