// Name resolution for outbound calls, injectable so tests can point it at a DNS server they run.
import { promises as dns } from 'node:dns';

/** Every address `hostname` resolves to (IPv4 and IPv6); rejects or returns [] when there is none. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The operating system's resolver (getaddrinfo: /etc/hosts, then DNS), which is what a plain fetch would use. */
export const systemResolve: ResolveHost = async (hostname) =>
  (await dns.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

const byServers = new Map<string, ResolveHost>();

/** A resolver asking only `servers` (`ip` or `ip:port`), one per list; the same policy always gets the same resolver. */
export function serversResolve(servers: readonly string[]): ResolveHost {
  const key = servers.join(',');
  let resolve = byServers.get(key);
  if (!resolve) {
    const resolver = new dns.Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([...servers]);
    byServers.set(key, (resolve = dnsResolve(resolver)));
  }
  return resolve;
}

/** A resolver that asks `resolver`'s DNS servers for A and AAAA records; one family may be missing, not both. */
export function dnsResolve(resolver: Pick<dns.Resolver, 'resolve4' | 'resolve6'>): ResolveHost {
  return async (hostname) => {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    if (v4.status === 'rejected' && v6.status === 'rejected') throw v4.reason;
    return [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  };
}
