// postJson's connection: pinned to the vetted address (DNS rebinding), no redirects, one deadline, capped reads, coarse errors.
import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EgressPolicy } from '../../src/net/egress-policy.ts';
import { postJson, type PostOptions } from '../../src/net/post-json.ts';
import { dnsResolve } from '../../src/net/resolve.ts';
import { startDnsServer, staticZone, type DnsServer } from './support/dns-server.ts';
import { close, listen, recordingServer, type Recorder } from './support/servers.ts';

const dev: EgressPolicy = { devMode: true, allowedPorts: [443] };
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const table = staticZone({
  'hooks.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'private.test': ['10.0.0.7'],
  'public.test': ['93.184.216.34'],
  'half.test': ['127.0.0.1', '10.0.0.1'],
});

let dns: DnsServer;
let options: PostOptions;
const cleanup: Array<() => Promise<void>> = [];
beforeAll(async () => {
  dns = await startDnsServer((name, type, n) => {
    // Rebinding: the first answer is one address, every later answer another (TTL 0).
    if (name === 'rebind.test') return type === 'A' ? [n === 1 ? '127.0.0.1' : '127.0.0.2'] : [];
    if (name === 'flip.test') return type === 'A' ? [n === 1 ? '127.0.0.1' : '10.0.0.1'] : [];
    return table(name, type, n);
  });
  options = { policy: dev, timeoutMs: 2000, resolve: dnsResolve(dns.resolver()) };
});
afterAll(() => dns.close());
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

async function receiver(
  host = '127.0.0.1',
  port = 0,
  answer?: Parameters<typeof recordingServer>[0],
): Promise<Recorder & { port: number }> {
  const r = recordingServer(answer);
  const bound = await listen(r.server, host, port);
  cleanup.push(() => close(r.server));
  return { ...r, port: bound };
}

const post = (url: string, extra: Partial<PostOptions> = {}) =>
  postJson(url, '{"a":1}', { 'content-type': 'application/json' }, { ...options, ...extra });

describe('postJson, dev policy on loopback', () => {
  it('POSTs to a name resolving to loopback, with Host naming the URL host and the reply returned', async () => {
    const r = await receiver('127.0.0.1', 0, (_q, res) => res.writeHead(201).end('created'));
    expect(await post(`http://hooks.test:${r.port}/in?x=1`)).toEqual({
      status: 201,
      body: 'created',
      truncated: false,
    });
    expect(r.seen).toMatchObject([
      {
        method: 'POST',
        path: '/in?x=1',
        host: `hooks.test:${r.port}`,
        body: '{"a":1}',
        headers: { 'content-type': 'application/json', 'content-length': '7' },
      },
    ]);
  });

  it('connects only to the address it vetted: a rebinding answer seen by a second lookup is never used', async () => {
    const first = await receiver('127.0.0.1');
    const second = await receiver('127.0.0.2', first.port);
    const asked = () => dns.queries.filter((q) => q.name === 'rebind.test' && q.type === 'A').length;
    expect(await post(`http://rebind.test:${first.port}/`)).toMatchObject({ status: 200 });
    // One lookup per send: had the HTTP stack resolved again it would have got 127.0.0.2 (or failed, knowing no such name).
    expect(asked()).toBe(1);
    expect([first.seen.length, second.seen.length]).toEqual([1, 0]);
    expect(first.seen[0]!.localAddress).toBe('127.0.0.1');
    // The next send resolves and vets afresh, and goes where that answer points.
    expect(await post(`http://rebind.test:${first.port}/`)).toMatchObject({ status: 200 });
    expect([asked(), first.seen.length, second.seen.length]).toEqual([2, 1, 1]);
    expect(second.seen[0]!.localAddress).toBe('127.0.0.2');
  });

  it('re-checks at every send: a name that later resolves to a private address is refused', async () => {
    const r = await receiver();
    expect(await post(`http://flip.test:${r.port}/`)).toMatchObject({ status: 200 });
    expect(await post(`http://flip.test:${r.port}/`)).toEqual({ error: 'blocked_address' });
    expect(r.seen).toHaveLength(1);
  });

  it('still refuses private addresses, and applies the production scheme and port rules to anything but loopback', async () => {
    expect(await post('https://private.test/')).toEqual({ error: 'blocked_address' });
    expect(await post('http://half.test:9/')).toEqual({ error: 'blocked_address' });
    expect(await post('http://public.test/')).toEqual({ error: 'blocked_scheme' });
    expect(await post('https://public.test:8443/')).toEqual({ error: 'blocked_port' });
  });

  it('never follows a redirect: the 3xx is the answer and its target sees nothing', async () => {
    const target = await receiver('127.0.0.2');
    for (const status of [301, 302, 307, 308]) {
      const r = await receiver('127.0.0.1', 0, (_q, res) =>
        res.writeHead(status, { location: `http://127.0.0.2:${target.port}/stolen` }).end(),
      );
      expect(await post(`http://hooks.test:${r.port}/`), String(status)).toEqual({
        status,
        body: '',
        truncated: false,
      });
    }
    expect(target.seen).toEqual([]);
  });

  it('bounds the whole exchange: a receiver that never answers, or stalls mid-body, times out', async () => {
    const silent = await receiver('127.0.0.1', 0, () => {});
    const stalled = await receiver('127.0.0.1', 0, (_q, res) => res.writeHead(200).write('partial'));
    for (const r of [silent, stalled]) {
      const started = Date.now();
      expect(await post(`http://hooks.test:${r.port}/`, { timeoutMs: 200 })).toEqual({ error: 'timeout' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    }
  });

  it('reads at most maxResponseBytes and closes the connection instead of buffering the rest', async () => {
    let finished: boolean | null = null;
    const big = await receiver('127.0.0.1', 0, (_q, res) => {
      res.on('close', () => (finished = res.writableFinished));
      res.writeHead(200);
      const chunk = 'x'.repeat(16_384);
      // Stream up to 64 MiB; a reader that kept buffering would hold it all.
      let left = 4096;
      const pump = (): void => {
        while (left > 0 && !res.destroyed) {
          left--;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (left === 0) res.end();
      };
      pump();
    });
    expect(await post(`http://hooks.test:${big.port}/`, { maxResponseBytes: 1000 })).toEqual({
      status: 200,
      body: 'x'.repeat(1000),
      truncated: true,
    });
    await expect.poll(() => finished).toBe(false);
    const exact = await receiver('127.0.0.1', 0, (_q, res) => res.end('y'.repeat(1000)));
    expect(await post(`http://hooks.test:${exact.port}/`, { maxResponseBytes: 1000 })).toEqual({
      status: 200,
      body: 'y'.repeat(1000),
      truncated: false,
    });
  });

  it('says connect_failed for a closed port and bad_response for a reply that is not HTTP, nothing more', async () => {
    const gone = await receiver();
    await close(gone.server);
    expect(await post(`http://hooks.test:${gone.port}/`)).toEqual({ error: 'connect_failed' });
    const garbage: TcpServer = createTcpServer((socket) => socket.resume().end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    const port = await listen(garbage as never, '127.0.0.1');
    cleanup.push(() => new Promise((resolve) => garbage.close(() => resolve())));
    expect(await post(`http://hooks.test:${port}/`)).toEqual({ error: 'bad_response' });
  });
});

describe('postJson over TLS to a pinned address', () => {
  it('sends SNI and Host for the URL host and checks the certificate against that name, not the address', async () => {
    const names: Array<string | false | null> = [];
    const server = createHttpsServer(
      { key: fixture('hooks-test.key'), cert: fixture('hooks-test.pem') },
      (req, res) => {
        names.push((req.socket as TLSSocket).servername);
        res.end(String(req.headers.host));
      },
    );
    const port = await listen(server, '127.0.0.1');
    cleanup.push(() => close(server));
    const ca = fixture('ca.pem');
    expect(await post(`https://hooks.test:${port}/`, { ca })).toEqual({
      status: 200,
      body: `hooks.test:${port}`,
      truncated: false,
    });
    expect(names).toEqual(['hooks.test']);
    // Wrong name for the certificate, an IP the certificate does not list, and an untrusted CA all fail the handshake.
    expect(await post(`https://other.test:${port}/`, { ca })).toEqual({ error: 'tls_failed' });
    expect(await post(`https://127.0.0.1:${port}/`, { ca })).toEqual({ error: 'tls_failed' });
    expect(await post(`https://hooks.test:${port}/`)).toEqual({ error: 'tls_failed' });
    expect(names).toHaveLength(1);
  });
});
