// A real, tiny DNS server on 127.0.0.1 (UDP, A and AAAA only, TTL 0) whose answers the test scripts, per query.
import { createSocket } from 'node:dgram';
import { promises as dns } from 'node:dns';
import { parseIp } from '../../../src/net/ip-address.ts';

export type RecordType = 'A' | 'AAAA';

/**
 * Addresses for `name` (lowercase, no trailing dot) and `type`; `n` counts this name's queries of this type from 1.
 * Return null for NXDOMAIN, [] for "name exists, no such record", or 'hang' to never answer.
 */
export type Zone = (name: string, type: RecordType, n: number) => string[] | null | 'hang';

export interface DnsServer {
  port: number;
  /** Every question received, in order. */
  queries: Array<{ name: string; type: RecordType }>;
  /** A resolver that asks only this server (one try, short timeout). */
  resolver(): dns.Resolver;
  close(): Promise<void>;
}

const TYPES: Record<number, RecordType> = { 1: 'A', 28: 'AAAA' };

export async function startDnsServer(zone: Zone): Promise<DnsServer> {
  const socket = createSocket('udp4');
  const queries: DnsServer['queries'] = [];
  const counts = new Map<string, number>();
  socket.on('message', (msg, peer) => {
    const question = readQuestion(msg);
    if (!question) return;
    const type = TYPES[question.type];
    if (type) queries.push({ name: question.name, type });
    const key = `${question.name} ${type}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const answer = type ? zone(question.name, type, counts.get(key)!) : [];
    if (answer === 'hang') return;
    socket.send(buildReply(msg, question.end, question.type, answer), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    port,
    queries,
    resolver() {
      const resolver = new dns.Resolver({ timeout: 300, tries: 1 });
      resolver.setServers([`127.0.0.1:${port}`]);
      return resolver;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** The first question: its name, type and the offset just past it. */
function readQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  if (msg.length < 12 || msg.readUInt16BE(4) < 1) return null;
  const labels: string[] = [];
  let at = 12;
  while (at < msg.length && msg[at] !== 0) {
    const length = msg[at]!;
    labels.push(msg.subarray(at + 1, at + 1 + length).toString('ascii'));
    at += 1 + length;
  }
  if (at + 5 > msg.length) return null;
  return { name: labels.join('.').toLowerCase(), type: msg.readUInt16BE(at + 1), end: at + 5 };
}

/** Header and question copied from the query, then one answer record per address (name as a pointer to offset 12). */
function buildReply(query: Buffer, questionEnd: number, type: number, answer: string[] | null): Buffer {
  const records = (answer ?? []).map((address) => {
    const rdata = parseIp(address)!;
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0);
    rr.writeUInt16BE(type, 2);
    rr.writeUInt16BE(1, 4); // class IN
    rr.writeUInt32BE(0, 6); // TTL 0: nothing may cache it, as in a rebinding attack
    rr.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([rr, rdata]);
  });
  const header = Buffer.from(query.subarray(0, 12));
  // QR=1, keep opcode and RD, AA=1, RA=1; RCODE 3 (NXDOMAIN) when the name does not exist.
  header.writeUInt16BE((query.readUInt16BE(2) & 0x7900) | 0x8480 | (answer === null ? 3 : 0), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  header.writeUInt16BE(0, 8);
  header.writeUInt16BE(0, 10);
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}

/** A zone from a fixed table: name -> addresses (A and AAAA picked by family); unknown names are NXDOMAIN. */
export function staticZone(table: Record<string, string[]>): Zone {
  return (name, type) => {
    const addresses = table[name];
    if (!addresses) return null;
    return addresses.filter((a) => (parseIp(a)!.length === 4) === (type === 'A'));
  };
}
