// The access log: one record per request with its id, path (never the query), status and latency; all, sampled or off.
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/kernel/clock.ts';
import { createLogger } from '../../src/ops/logger.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.dispose();
  server = null;
});

/** A server whose log records are collected, parsed, in `records`. */
async function serverWith(env: Record<string, string>) {
  const records: Array<Record<string, unknown>> = [];
  const log = createLogger('info', { write: (line) => records.push(JSON.parse(line) as Record<string, unknown>) });
  server = await startTestServer({ LOG_LEVEL: 'info', ...env }, systemClock, log);
  const access = () => records.filter((r) => r.component === 'access');
  return { server, access };
}

describe('ACCESS_LOG', () => {
  it('all: records every request with its id, method, path without the query, status and milliseconds', async () => {
    const { server, access } = await serverWith({ ACCESS_LOG: 'all' });
    const key = (await server.parts.access.keys.create({ plan: 'free' })).key;
    await fetch(`${server.baseUrl}/healthz`, { headers: { 'x-request-id': 'probe-1' } });
    await fetch(`${server.baseUrl}/v1/geopin/autocomplete?q=asha%40example.in`, { headers: { 'x-request-id': 'q-2' } });
    const lookup = await fetch(`${server.baseUrl}/v1/location/lookup`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: '{"latitude":12.9716,"longitude":77.5946}',
    });
    await fetch(`${server.baseUrl}/nowhere`);
    await expect.poll(() => access().length).toBe(4);
    const [health, query, hot, missing] = access();
    expect(health).toMatchObject({ level: 30, msg: 'request', req: 'probe-1', method: 'GET', path: '/healthz' });
    expect(health).toMatchObject({ route: '/healthz', status: 200 });
    expect(typeof health!.ms).toBe('number');
    expect(query).toMatchObject({ req: 'q-2', path: '/v1/geopin/autocomplete', status: 401 });
    expect(JSON.stringify(access())).not.toContain('asha');
    // The fast lane's answers are logged too, under the id the reply carried.
    expect(hot).toMatchObject({ method: 'POST', path: '/v1/location/lookup', status: 200 });
    expect(hot!.req).toBe(lookup.headers.get('x-request-id'));
    expect(missing).toMatchObject({ route: 'unmatched', path: '/nowhere', status: 404 });
  });

  it('sampled at rate 0 keeps no ordinary request, and off (the default at info level) writes none', async () => {
    const sampled = await serverWith({ ACCESS_LOG: 'sampled', ACCESS_LOG_SAMPLE_RATE: '0' });
    for (let i = 0; i < 20; i++) await fetch(`${sampled.server.baseUrl}/healthz`);
    await sampled.server.dispose();
    server = null;
    expect(sampled.access()).toEqual([]);
    const quiet = await serverWith({});
    expect(quiet.server.parts.config.log.access.mode).toBe('off');
    for (let i = 0; i < 5; i++) await fetch(`${quiet.server.baseUrl}/healthz`);
    expect(quiet.access()).toEqual([]);
  });

  it('is on for every request at LOG_LEVEL=debug unless switched off, and refuses a rate outside 0..1', async () => {
    const { loadConfig } = await import('../../src/main/config.ts');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).log.access).toEqual({ mode: 'all', sampleRate: 0.01 });
    expect(loadConfig({ LOG_LEVEL: 'debug', ACCESS_LOG: 'off' }).log.access.mode).toBe('off');
    expect(() => loadConfig({ ACCESS_LOG_SAMPLE_RATE: '1.5' })).toThrow(
      'ACCESS_LOG_SAMPLE_RATE="1.5" is not accepted: expected a number from 0 to 1',
    );
  });
});
