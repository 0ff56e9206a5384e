// Which IP addresses outbound calls may reach: public unicast only; IPv6 forms that embed an IPv4 are judged by it.
import { formatV4, inPrefix, parseIp, prefix, type Prefix } from './ip-address.ts';

type Table = ReadonlyArray<readonly [Prefix, string]>;
const table = (rows: ReadonlyArray<readonly [string, string]>): Table =>
  rows.map(([cidr, why]) => [prefix(cidr), why] as const);

/** IPv4 networks that are not the public internet (IANA special-purpose registry, plus multicast and class E). */
const V4_REFUSED = table([
  ['0.0.0.0/8', 'this network (unspecified)'],
  ['10.0.0.0/8', 'private (RFC 1918)'],
  ['100.64.0.0/10', 'shared address space (CGNAT)'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private (RFC 1918)'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation (TEST-NET-1)'],
  ['192.88.99.0/24', '6to4 relay anycast (deprecated)'],
  ['192.168.0.0/16', 'private (RFC 1918)'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation (TEST-NET-2)'],
  ['203.0.113.0/24', 'documentation (TEST-NET-3)'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved (and 255.255.255.255 broadcast)'],
]);

/** IPv6 forms carrying an IPv4 address at byte `at`; the IPv4 decides (after `xor`, which Teredo applies). */
const V6_EMBEDDING: ReadonlyArray<{ net: Prefix; name: string; at: number; xor?: number }> = [
  { net: prefix('::ffff:0:0/96'), name: 'IPv4-mapped', at: 12 },
  // Deprecated IPv4-compatible form; includes :: (0.0.0.0) and ::1 (0.0.0.1), both refused through 0.0.0.0/8.
  { net: prefix('::/96'), name: 'IPv4-compatible', at: 12 },
  { net: prefix('64:ff9b::/96'), name: 'NAT64', at: 12 },
  { net: prefix('2002::/16'), name: '6to4', at: 2 },
  // Teredo: the server address is at byte 4, the client's (obfuscated with XOR) at byte 12; both must be public.
  { net: prefix('2001::/32'), name: 'Teredo server', at: 4 },
  { net: prefix('2001::/32'), name: 'Teredo client', at: 12, xor: 0xff },
];

/** IPv6 networks refused outright; everything outside 2000::/3 (global unicast) is refused after these as well. */
const V6_REFUSED = table([
  ['::1/128', 'loopback'],
  ['::/128', 'unspecified'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignments'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local (deprecated)'],
  ['ff00::/8', 'multicast'],
]);
const GLOBAL_UNICAST = prefix('2000::/3');
const LOOPBACK = [prefix('127.0.0.0/8'), prefix('::1/128'), prefix('::ffff:127.0.0.0/104')];

/**
 * Why `ip` is not a public unicast address (e.g. `loopback`, `NAT64 of 127.0.0.1: loopback`), or null when it is.
 * Text that is not an IP address is refused too. The reason is for logs and tests; callers only see "refused".
 */
export function refusalReason(ip: string): string | null {
  const bytes = parseIp(ip);
  if (!bytes) return 'not an IP address';
  return bytes.length === 4 ? v4Reason(bytes) : v6Reason(bytes);
}

/** True for a public unicast address that an outbound call may connect to. */
export function isPublicAddress(ip: string): boolean {
  return refusalReason(ip) === null;
}

/** True for 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104: the only extra destinations dev mode allows. */
export function isLoopbackAddress(ip: string): boolean {
  const bytes = parseIp(ip);
  return bytes !== null && LOOPBACK.some((net) => inPrefix(bytes, net));
}

function v4Reason(bytes: Uint8Array): string | null {
  return V4_REFUSED.find(([net]) => inPrefix(bytes, net))?.[1] ?? null;
}

function v6Reason(bytes: Uint8Array): string | null {
  const exact = V6_REFUSED.find(([net]) => net.bits === 128 && inPrefix(bytes, net));
  if (exact) return exact[1];
  let embedded = false;
  for (const form of V6_EMBEDDING) {
    if (!inPrefix(bytes, form.net)) continue;
    embedded = true;
    const v4 = bytes.slice(form.at, form.at + 4).map((b) => b ^ (form.xor ?? 0));
    const why = v4Reason(v4);
    if (why) return `${form.name} of ${formatV4(v4)}: ${why}`;
  }
  // An embedding form whose IPv4 is public is judged by that IPv4 alone (Teredo falls through to 2001::/23 otherwise).
  if (embedded) return null;
  const refused = V6_REFUSED.find(([net]) => inPrefix(bytes, net));
  if (refused) return refused[1];
  return inPrefix(bytes, GLOBAL_UNICAST) ? null : 'not global unicast (outside 2000::/3)';
}
