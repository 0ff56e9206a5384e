// Operations: health and readiness probes, Prometheus metrics parsed with a real text-format parser, request ids, redacted JSON logs.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/kernel/errors.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { startApi, type ApiClient } from '../geocoding/api-client.ts';
import { startTestServer } from '../support/server.ts';

let api: ApiClient;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api.server.dispose());

interface Family {
  name: string;
  type: string;
  metrics: Array<{ labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }>;
}

let lastText = '';

async function scrape(headers: Record<string, string> = {}): Promise<Family[]> {
  const res = await fetch(`${api.server.baseUrl}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  lastText = await res.text();
  return parsePrometheusTextFormat(lastText) as Family[];
}

/** A labelled histogram's _count sample (the parser folds labelled histograms together, so read that line itself). */
function histogramCount(name: string, labels: string): number {
  const line = lastText.split('\n').find((l) => l.startsWith(`${name}_count{`) && l.includes(labels));
  return Number(line?.slice(line.lastIndexOf(' ') + 1));
}

const family = (families: Family[], name: string) => families.find((f) => f.name === name);

describe('probes', () => {
  it('GET /healthz answers while the process runs, GET /readyz once the dataset and the store are ready', async () => {
    expect((await api.call('GET', '/healthz')).body).toEqual({ success: true, data: { status: 'ok' } });
    expect((await api.call('GET', '/readyz')).body.data).toEqual({
      status: 'ready',
      checks: { dataset: true, store: true, accepting: true },
    });
  });
});

describe('GET /metrics', () => {
  it('counts requests by route and status and times them, in Prometheus text format', async () => {
    for (let i = 0; i < 3; i++) await api.post('/v1/location/lookup', { latitude: 12.9716, longitude: 77.5946 });
    await api.post('/v1/location/lookup', { latitude: 'x' });
    await api.call('GET', '/nope');
    const families = await scrape();
    const requests = family(families, 'http_requests_total')!;
    expect(requests.type).toBe('COUNTER');
    const count = (route: string, status: string) =>
      Number(requests.metrics.find((m) => m.labels?.route === route && m.labels?.status === status)?.value ?? 0);
    expect(count('/v1/location/lookup', '200')).toBeGreaterThanOrEqual(3);
    expect(count('/v1/location/lookup', '400')).toBeGreaterThanOrEqual(1);
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(family(families, 'http_request_duration_seconds')!.type).toBe('HISTOGRAM');
    expect(histogramCount('http_request_duration_seconds', 'route="/v1/location/lookup"')).toBeGreaterThanOrEqual(4);
  });

  it('reports batch sizes, the webhook queue depth and OTP sends', async () => {
    await api.post('/v1/location/batch-lookup', {
      locations: Array(42).fill({ latitude: 12.9716, longitude: 77.5946 }),
    });
    const families = await scrape();
    expect(family(families, 'location_batch_items')!.type).toBe('HISTOGRAM');
    expect(histogramCount('location_batch_items', 'route="/v1/location/batch-lookup"')).toBe(1);
    expect(family(families, 'webhook_queue_depth')!.metrics[0]!.value).toBe('0');
    expect(family(families, 'otp_sends_total')).toBeDefined();
    expect(family(families, 'webhook_delivery_attempts_total')).toBeDefined();
  });
});

describe('request ids', () => {
  it('echo a sane X-Request-Id and give every other request its own', async () => {
    expect(
      (await api.call('GET', '/healthz', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id'),
    ).toBe('abc-123');
    const first = (
      await api.call('GET', '/healthz', { headers: { 'x-request-id': 'bad id with spaces' } })
    ).headers.get('x-request-id');
    const second = (await api.call('GET', '/healthz')).headers.get('x-request-id');
    expect(first).toMatch(/^[\w-]+$/);
    expect(first).not.toBe(second);
  });
});

describe('logs', () => {
  it('are JSON lines with the credentials and secrets redacted', () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line) => lines.push(line) }).child({ req: 'r1' });
    log.info(
      {
        headers: { 'x-api-key': 'gp_sk_secret', 'x-session-token': 'cst_secret', origin: 'https://shop.example' },
        body: { webhook_secret: 'whsec', code: '123456' },
      },
      'seen',
    );
    const record = JSON.parse(lines[0]!);
    expect(record).toMatchObject({
      level: 30,
      req: 'r1',
      msg: 'seen',
      headers: { 'x-api-key': '[redacted]', 'x-session-token': '[redacted]', origin: 'https://shop.example' },
    });
    expect(record.body).toEqual({ webhook_secret: '[redacted]', code: '[redacted]' });
    expect(lines[0]).not.toContain('gp_sk_secret');
  });

  it("keep an error's code, and still hide a sign-in code or link token under a request", () => {
    const lines: string[] = [];
    const log = createLogger('info', { write: (line) => lines.push(line) });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    log.error({ err: refused }, 'usage flush failed');
    log.error({ err: new DomainError('unavailable', 'store_unavailable', 'down', { cause: refused }) }, 'failed');
    log.info({ req: { body: { email: 'a@example.com', code: '123456' }, query: { token: 'link-secret' } } }, 'seen');
    const [flush, domain, seen] = lines.map((line) => JSON.parse(line));
    expect(flush.err.code).toBe('ECONNREFUSED');
    expect(domain.err.code).toBe('store_unavailable');
    expect(seen.req).toEqual({ body: { email: 'a@example.com', code: '[redacted]' }, query: { token: '[redacted]' } });
    expect(lines.join('')).not.toMatch(/123456|link-secret/);
  });
});

describe('GET /metrics in production', () => {
  it('is not on the API port without METRICS_TOKEN; its own loopback listener serves it', async () => {
    const server = await startTestServer({ NODE_ENV: 'production', METRICS_PORT: '0' });
    try {
      const open = await fetch(`${server.baseUrl}/metrics`);
      expect([open.status, ((await open.json()) as { code: string }).code]).toEqual([404, 'not_found']);
      const url = server.app.metricsUrl();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await fetch(url!);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('http_requests_total');
    } finally {
      await server.dispose();
    }
  });

  it('answers on the API port only with the METRICS_TOKEN bearer', async () => {
    const token = 'm'.repeat(24);
    const server = await startTestServer({ NODE_ENV: 'production', METRICS_PORT: 'off', METRICS_TOKEN: token });
    try {
      expect(server.app.metricsUrl()).toBeNull();
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${'x'.repeat(24)}` } })).status,
      ).toBe(401);
      const ok = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect([ok.status, (await ok.text()).includes('http_requests_total')]).toEqual([200, true]);
    } finally {
      await server.dispose();
    }
  });
});
