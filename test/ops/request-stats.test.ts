// Request series: counted per route, method and status, merged across threads, rendered as parseable Prometheus text.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { RequestStats } from '../../src/ops/request-stats.ts';

describe('RequestStats', () => {
  it('renders counters per status and cumulative latency buckets per route and method', () => {
    const stats = new RequestStats();
    stats.record('/v1/location/lookup', 'post', 200, 0.0002);
    stats.record('/v1/location/lookup', 'post', 200, 0.003);
    stats.record('/v1/location/lookup', 'post', 404, 0.0004);
    const text = stats.text();
    expect(text).toContain('http_requests_total{route="/v1/location/lookup",method="post",status="200"} 2');
    expect(text).toContain('http_requests_total{route="/v1/location/lookup",method="post",status="404"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.00025",route="/v1/location/lookup",method="post"} 1',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.0005",route="/v1/location/lookup",method="post"} 2',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",route="/v1/location/lookup",method="post"} 3',
    );
    expect(text).toContain('http_request_duration_seconds_count{route="/v1/location/lookup",method="post"} 3');
    const families = parsePrometheusTextFormat(text) as Array<{ name: string; type: string }>;
    expect(families.map((f) => [f.name, f.type])).toEqual([
      ['http_requests_total', 'COUNTER'],
      ['http_request_duration_seconds', 'HISTOGRAM'],
    ]);
  });

  it('folds methods a client made up into one label, so they cannot grow the series', () => {
    const stats = new RequestStats();
    for (const method of ['brew', 'when', 'xyzzy']) stats.record('unmatched', method, 404, 0.001);
    expect(stats.text()).toContain('http_requests_total{route="unmatched",method="other",status="404"} 3');
  });

  it("hands its counts over with drain and adds another thread's with merge", () => {
    const worker = new RequestStats();
    worker.record('/v1/location/lookup', 'post', 200, 0.001);
    worker.record('/v1/location/lookup', 'post', 200, 0.001);
    const main = new RequestStats();
    main.record('/v1/location/lookup', 'post', 200, 0.001);
    main.merge(worker.drain());
    expect(worker.drain()).toEqual([]);
    expect(main.text()).toContain('status="200"} 3');
  });
});
