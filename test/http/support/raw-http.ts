// HTTP/1.1 over a raw socket: requests written in one go (pipelined) and the responses read back in order.
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export function encodeRequest(r: RawRequest): string {
  const body = r.body ?? '';
  const headers = {
    host: 'test',
    ...(r.body === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
    ...r.headers,
  };
  return `${r.method} ${r.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
}

/** The complete responses at the start of `data` (Content-Length framing, as the server writes them). */
export function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const [statusLine, ...lines] = data.subarray(at, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (end + 4 + length > data.length) break;
    out.push({
      status: Number(statusLine!.split(' ')[1]),
      headers,
      body: data.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
    at = end + 4 + length;
  }
  return out;
}

/**
 * Writes every request on one connection in a single write and reads until `expected` responses came, the server
 * closed the connection, or `timeoutMs` passed.
 */
export function pipeline(
  port: number,
  requests: RawRequest[],
  timeoutMs = 5000,
): Promise<{ responses: RawResponse[]; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(requests.map(encodeRequest).join('')));
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)), closed });
    };
    socket.on('data', (d) => {
      chunks.push(d);
      if (parseResponses(Buffer.concat(chunks)).length >= requests.length) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}

/** Everything a server on `port` sends on one connection for `raw`, until it closes the connection or 1 s passes. */
export function rawExchange(port: number, raw: string): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (d) => (text += d.toString()));
    socket.on('close', () => resolve({ text, closed: true }));
    socket.on('error', () => undefined);
    setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, 1000).unref();
  });
}
