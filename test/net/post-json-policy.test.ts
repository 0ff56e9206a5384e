// postJson under the production policy against a real DNS server on 127.0.0.1: what is refused, and before which step.
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_EGRESS, type EgressPolicy } from '../../src/net/egress-policy.ts';
import { postJson, type PostOptions } from '../../src/net/post-json.ts';
import { dnsResolve, systemResolve } from '../../src/net/resolve.ts';
import { startDnsServer, staticZone, type DnsServer } from './support/dns-server.ts';

const ZONE = {
  'localtest.me': ['127.0.0.1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'loopback6.example': ['::1'],
  'private.example': ['10.0.0.7'],
  'cgnat.example': ['100.64.1.1'],
  'metadata.example': ['169.254.169.254'],
  'nat64.example': ['64:ff9b::7f00:1'],
  'mapped.example': ['::ffff:192.168.1.1'],
  'compat.example': ['::7f00:1'],
  'ula.example': ['fd00::1'],
  'docs.example': ['192.0.2.10'],
  // One public and one private answer: ANY refused address refuses the whole name.
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'mixed6.example': ['93.184.216.34', 'fe80::1'],
  'empty.example': [],
};

let server: DnsServer;
let options: PostOptions;
beforeAll(async () => {
  server = await startDnsServer((name, type, n) =>
    name === 'slow.example' ? 'hang' : staticZone(ZONE)(name, type, n),
  );
  options = { policy: PRODUCTION_EGRESS, timeoutMs: 2000, resolve: dnsResolve(server.resolver()) };
});
afterAll(() => server.close());

async function post(url: string, extra: Partial<PostOptions> = {}) {
  const before = server.queries.length;
  const result = await postJson(url, '{}', { 'content-type': 'application/json' }, { ...options, ...extra });
  return { result, asked: server.queries.slice(before).map((q) => q.name) };
}

describe('postJson, production policy', () => {
  it('resolves each name at send time and refuses it when an answer is loopback, private, CGNAT, link-local, documentation or NAT64/mapped', async () => {
    for (const name of Object.keys(ZONE).filter((n) => n !== 'empty.example')) {
      const { result, asked } = await post(`https://${name}/hook`);
      expect(result, name).toEqual({ error: 'blocked_address' });
      expect(asked, name).toContain(name);
    }
  });

  it('refuses IP literals in every spelling without asking DNS', async () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::7f00:1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[::ffff:7f00:1]/',
      'https://169.254.169.254/',
      'https://[fe80::1]/',
      'https://[::]/',
      'https://100.100.100.100/',
    ]) {
      const { result, asked } = await post(url);
      expect(result, url).toEqual({ error: 'blocked_address' });
      expect(asked, url).toEqual([]);
    }
  });

  it('refuses local-only and single-label names without asking DNS', async () => {
    for (const url of [
      'https://localhost/',
      'https://printer.local/',
      'https://db.internal/',
      `https://${hostname().split('.')[0]}/hook`,
    ]) {
      const { result, asked } = await post(url);
      expect(result, url).toEqual({ error: 'blocked_address' });
      expect(asked, url).toEqual([]);
    }
  });

  it('refuses other ports and http before resolving, and goes on to DNS for a configured extra port', async () => {
    expect(await post('https://localtest.me:18834/hook')).toEqual({ result: { error: 'blocked_port' }, asked: [] });
    expect(await post('http://localtest.me/hook')).toEqual({ result: { error: 'blocked_scheme' }, asked: [] });
    const widened: EgressPolicy = { devMode: false, allowedPorts: [443, 18834] };
    const { result, asked } = await post('https://localtest.me:18834/hook', { policy: widened });
    expect(result).toEqual({ error: 'blocked_address' });
    expect(asked).toContain('localtest.me');
  });

  it("refuses this machine's own hostname on the probe's port, even with that port allowed", async () => {
    const policy: EgressPolicy = { devMode: false, allowedPorts: [443, 18834] };
    const result = await postJson(
      `https://${hostname()}:18834/hook`,
      '{}',
      {},
      { policy, timeoutMs: 2000, resolve: systemResolve },
    );
    expect(result).toEqual({ error: 'blocked_address' });
  });

  it('reports unknown names and names without addresses as dns_failed', async () => {
    expect((await post('https://nowhere.example/')).result).toEqual({ error: 'dns_failed' });
    expect((await post('https://empty.example/')).result).toEqual({ error: 'dns_failed' });
  });

  it('gives up on a DNS server that never answers when the deadline passes', async () => {
    const started = Date.now();
    const resolve = dnsResolve(server.resolver());
    // c-ares would wait 300 ms and fail; the 100 ms deadline comes first.
    expect((await post('https://slow.example/', { timeoutMs: 100, resolve })).result).toEqual({ error: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses URLs it can never call', async () => {
    for (const url of [
      'not a url',
      '',
      'ftp://localtest.me/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pw@localtest.me/',
      'https://',
    ]) {
      expect(await post(url), url).toEqual({ result: { error: 'bad_url' }, asked: [] });
    }
  });
});
