// The address matrix: every refused range in IPv4 and IPv6 (edges included), the IPv4-embedding forms, and public examples.
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, refusalReason } from '../../src/net/address-policy.ts';
import { parseIp } from '../../src/net/ip-address.ts';

/** [address, substring of the reason]; first and last address of each range where it matters. */
const REFUSED: Array<[string, string]> = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network'],
  ['10.0.0.0', 'private'],
  ['10.255.255.255', 'private'],
  ['100.64.0.0', 'CGNAT'],
  ['100.127.255.255', 'CGNAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.0.1', 'link-local'],
  ['169.254.169.254', 'link-local'],
  ['172.16.0.0', 'private'],
  ['172.31.255.255', 'private'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay'],
  ['192.168.0.1', 'private'],
  ['192.168.255.255', 'private'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.200', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'reserved'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'IPv4-mapped of 127.0.0.1: loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped of 127.0.0.1: loopback'],
  ['::ffff:10.1.2.3', 'IPv4-mapped of 10.1.2.3: private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped of 169.254.169.254: link-local'],
  ['::7f00:1', 'IPv4-compatible of 127.0.0.1: loopback'],
  ['::127.0.0.1', 'IPv4-compatible of 127.0.0.1: loopback'],
  ['::a00:1', 'IPv4-compatible of 10.0.0.1: private'],
  ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1: loopback'],
  ['64:ff9b::192.168.1.1', 'NAT64 of 192.168.1.1: private'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254: link-local'],
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['64:ff9b:1:ffff::8.8.8.8', 'local-use NAT64'],
  ['2002:7f00:1::1', '6to4 of 127.0.0.1: loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1: private'],
  // RFC 4380's example: server 65.54.227.120, client 192.0.2.45 (stored XOR 0xff as 3fff:fdd2).
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo client of 192.0.2.45: documentation'],
  ['2001:0:7f00:1::', 'Teredo server of 127.0.0.1: loopback'],
  ['100::', 'discard-only'],
  ['100::ffff:ffff:ffff:ffff', 'discard-only'],
  ['2001:2::1', 'IETF protocol assignments'],
  ['2001:db8::', 'documentation'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', 'documentation'],
  ['3fff::1', 'documentation'],
  ['fc00::1', 'unique-local'],
  ['fd12:3456:789a::1', 'unique-local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['::ffff:0:7f00:1', 'not global unicast'],
  ['5f00::1', 'not global unicast'],
  ['4000::1', 'not global unicast'],
  ['e000::1', 'not global unicast'],
];

const PUBLIC = [
  '1.1.1.1',
  '8.8.8.8',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.0.3.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '203.0.112.255',
  '223.255.255.255',
  '93.184.216.34',
  '2606:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001::200e',
  '2000::1',
  '3ffe::1',
  // IPv4-embedding forms whose IPv4 is public are judged by it.
  '::ffff:8.8.8.8',
  '::8.8.8.8',
  '64:ff9b::808:808',
  '64:ff9b::1.1.1.1',
  '2002:808:808::1',
  '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
];

describe('isPublicAddress', () => {
  it('refuses every special-purpose range, first and last addresses included, with the range named', () => {
    for (const [address, why] of REFUSED) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(refusalReason(address), address).toContain(why);
    }
  });

  it('accepts public unicast addresses just outside each range, and embedded forms of public IPv4', () => {
    for (const address of PUBLIC) expect(refusalReason(address), address).toBeNull();
  });

  it('refuses text that is not an IP address, including legacy IPv4 spellings URL parsing would rewrite', () => {
    for (const text of [
      '',
      'localhost',
      '127.1',
      '0x7f.0.0.1',
      '2130706433',
      '017700000001',
      '1.2.3',
      '::g',
      '1.2.3.4.5',
      '[1.2.3.4]x',
    ]) {
      expect(refusalReason(text), text).toBe('not an IP address');
    }
  });
});

describe('isLoopbackAddress', () => {
  it('is true only for 127/8, ::1 and IPv4-mapped 127/8', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '127.255.255.255', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::', '0.0.0.0', '::7f00:1', '64:ff9b::7f00:1', '8.8.8.8', 'localhost'])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});

describe('parseIp', () => {
  it('expands IPv6 shorthand, embedded dotted IPv4 and zones into 16 bytes', () => {
    expect(Array.from(parseIp('::ffff:1.2.3.4')!)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 1, 2, 3, 4]);
    expect(Array.from(parseIp('1::2')!)).toEqual([0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect(Array.from(parseIp('fe80::1%lo')!)).toEqual([0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(Array.from(parseIp('1:2:3:4:5:6:7:8')!)).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(Array.from(parseIp('10.20.30.40')!)).toEqual([10, 20, 30, 40]);
  });
});
