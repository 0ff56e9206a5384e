// One outbound POST to a merchant URL: vetted at send time, pinned to the vetted address, bounded in time and size.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isLoopbackAddress } from './address-policy.ts';
import {
  addressAllowed,
  checkStatic,
  parseTarget,
  type EgressError,
  type EgressPolicy,
  type EgressTarget,
} from './egress-policy.ts';
import { serversResolve, systemResolve, type ResolveHost } from './resolve.ts';

/** How one call is made. */
export interface PostOptions {
  policy: EgressPolicy;
  /** Deadline for the whole exchange: DNS, connect, TLS, request and response body. */
  timeoutMs: number;
  /** Response bytes kept; the connection is closed once they are read. @default 16384 */
  maxResponseBytes?: number;
  /** @default the policy's DNS servers, else systemResolve */
  resolve?: ResolveHost;
  /** Trust anchors replacing the default CAs (tests, private CAs). */
  ca?: string | Buffer | Array<string | Buffer>;
  /**
   * The status line is the answer (webhooks): a body cut off by the deadline or the connection ends the exchange with
   * the status and what arrived of the body (`truncated`), not an error. @default false
   */
  statusIsAnswer?: boolean;
}

/** An HTTP answer (any status; redirects are answers, never followed) or a coarse error; never raw OS error text. */
export type PostResult = { status: number; body: string; truncated: boolean } | { error: EgressError };

const DEFAULT_MAX_RESPONSE_BYTES = 16_384;

/**
 * POSTs `body` to `url` once. Outside dev mode the URL must be https on an allowed port. The host is resolved now and
 * refused if ANY address is not public; the connection then goes only to those vetted addresses (no second lookup,
 * so DNS rebinding cannot redirect it), with SNI, certificate check and Host still naming the URL's host.
 */
export async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<PostResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const target = parseTarget(url);
  if ('error' in target) return target;
  const { policy } = options;
  const early = policy.devMode ? null : checkStatic(target, policy);
  if (early) return { error: early };
  const resolve = options.resolve ?? (policy.dnsServers?.length ? serversResolve(policy.dnsServers) : systemResolve);
  const addresses = await resolveWithin(target, resolve, deadline);
  if ('error' in addresses) return addresses;
  if (!addresses.every((a) => addressAllowed(a, policy))) return { error: 'blocked_address' };
  // Dev mode exempts loopback only; anything else it reaches follows the production rules.
  const late = policy.devMode && !addresses.every(isLoopbackAddress) ? checkStatic(target, policy) : null;
  if (late) return { error: late };
  if (deadline.aborted) return { error: 'timeout' };
  return send(target, addresses, body, headers, deadline, options);
}

async function resolveWithin(
  target: EgressTarget,
  resolve: ResolveHost,
  deadline: AbortSignal,
): Promise<string[] | { error: EgressError }> {
  if (target.literal) return [target.host];
  let onAbort = (): void => {};
  const timedOut = new Promise<{ error: EgressError }>((done) => {
    onAbort = () => done({ error: 'timeout' });
    deadline.addEventListener('abort', onAbort, { once: true });
  });
  const lookup = resolve(target.host).then(
    (list) => (list.length > 0 && list.every((a) => isIP(a) !== 0) ? list : { error: 'dns_failed' as const }),
    () => ({ error: 'dns_failed' as const }),
  );
  try {
    return await Promise.race([lookup, timedOut]);
  } finally {
    deadline.removeEventListener('abort', onAbort);
  }
}

/** A lookup that answers only with the vetted addresses, so the socket cannot go anywhere else. */
function pinnedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    // With autoSelectFamily (Node 20's default) net asks for all addresses and races them (Happy Eyeballs).
    if (options.all) (callback as (err: null, list: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}

function send(
  target: EgressTarget,
  addresses: string[],
  body: string,
  headers: Record<string, string>,
  deadline: AbortSignal,
  options: PostOptions,
): Promise<PostResult> {
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  return new Promise((resolve) => {
    // Which stage the exchange reached decides the error category: before TCP, during TLS, or after.
    let stage: 'connect' | 'tls' | 'response' = 'connect';
    let settled = false;
    const finish = (result: PostResult): void => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onTimeout);
      req.destroy();
      resolve(result);
    };
    // Set once the status line arrived, when it is the answer: what ends the body early then ends with it.
    let answered: (() => void) | null = null;
    const onTimeout = (): void => (answered ? answered() : finish({ error: 'timeout' }));
    const req = (target.https ? https : http).request({
      host: target.host,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'POST',
      headers: { ...headers, host: target.url.host, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(addresses),
      agent: false,
      ...(target.https ? { ca: options.ca, ...(target.literal ? {} : { servername: target.host }) } : {}),
    });
    deadline.addEventListener('abort', onTimeout, { once: true });
    req.on('socket', (socket) => {
      socket.once('connect', () => (stage = target.https ? 'tls' : 'response'));
      socket.once('secureConnect', () => (stage = 'response'));
    });
    req.on('error', () =>
      finish({ error: stage === 'connect' ? 'connect_failed' : stage === 'tls' ? 'tls_failed' : 'bad_response' }),
    );
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = (truncated: boolean): void =>
        finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), truncated });
      res.on('data', (chunk: Buffer) => {
        const room = limit - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (chunk.length > room) done(true);
      });
      res.on('end', () => done(false));
      if (options.statusIsAnswer) answered = () => done(true);
      res.on('error', () => (answered ? answered() : finish({ error: 'bad_response' })));
      res.on('close', () => (answered ? answered() : finish({ error: 'bad_response' })));
    });
    req.end(body);
  });
}
