// Whether a callback URL's host is on the public internet: the server must not be steered at its own network (SSRF).
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(net, bits, 'ipv6');

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/**
 * False for loopback, private, link-local, multicast and reserved IP literals (IPv4-mapped IPv6 included) and for
 * local-only names. Names that resolve to private addresses are not caught here; that needs a resolving egress proxy.
 */
export function isPublicHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || LOCAL_NAMES.test(host)) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
  if (mapped) return !PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(host);
  if (family === 4) return !PRIVATE.check(host, 'ipv4');
  if (family === 6) return !PRIVATE.check(host, 'ipv6');
  return true;
}
