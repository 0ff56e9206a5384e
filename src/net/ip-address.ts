// IP address text to bytes (4 for IPv4, 16 for IPv6), and prefix matching over those bytes.
import { isIP } from 'node:net';

/** The 4 (IPv4) or 16 (IPv6) bytes of `text`, or null when it is not an IP address. A `%zone` suffix is ignored. */
export function parseIp(text: string): Uint8Array | null {
  const address = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return parseV4(address);
  if (family === 6) return parseV6(address);
  return null;
}

function parseV4(text: string): Uint8Array {
  return Uint8Array.from(text.split('.'), Number);
}

// isIP has already validated the syntax, so this only expands '::' and a dotted IPv4 tail into 8 groups.
function parseV6(text: string): Uint8Array {
  let groups = text;
  const tail = groups.slice(groups.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = parseV4(tail);
    groups = `${groups.slice(0, groups.length - tail.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head = '', rest] = groups.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const all =
    rest === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

/** A network such as `10.0.0.0/8` or `fc00::/7`, parsed once. */
export interface Prefix {
  bytes: Uint8Array;
  bits: number;
}

/** Parses `address/bits`; throws on a malformed literal (these come from our own tables, never from input). */
export function prefix(cidr: string): Prefix {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseIp(address);
  if (!bytes || !/^\d+$/.test(bits) || Number(bits) > bytes.length * 8) throw new Error(`bad prefix ${cidr}`);
  return { bytes, bits: Number(bits) };
}

/** True when `address` (same family as `net`) starts with the first `net.bits` bits of `net.bytes`. */
export function inPrefix(address: Uint8Array, net: Prefix): boolean {
  if (address.length !== net.bytes.length) return false;
  const whole = net.bits >> 3;
  for (let i = 0; i < whole; i++) if (address[i] !== net.bytes[i]) return false;
  const rest = net.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (address[whole]! & mask) === (net.bytes[whole]! & mask);
}

/** The dotted IPv4 text of 4 bytes (used to name an address embedded in an IPv6 one). */
export function formatV4(bytes: Uint8Array): string {
  return Array.from(bytes).join('.');
}
