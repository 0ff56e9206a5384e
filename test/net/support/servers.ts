// Small real servers for egress tests: listen on a chosen loopback address and port, record what arrives, close cleanly.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server as TlsServer } from 'node:https';

/** One request as a receiver saw it. */
export interface Seen {
  method: string;
  path: string;
  host: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
  /** The local address the connection arrived on (which of 127.0.0.1 / 127.0.0.2 was reached). */
  localAddress: string | undefined;
}

export interface Recorder {
  server: Server;
  seen: Seen[];
}

/** An HTTP server that records each request, then lets `answer` reply. */
export function recordingServer(
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_q, res) => res.end('ok'),
): Recorder {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({
        method: req.method!,
        path: req.url!,
        host: req.headers.host,
        headers: req.headers,
        body,
        localAddress: req.socket.localAddress,
      });
      answer(req, res, body);
    });
  });
  return { server, seen };
}

/** Listens on `host`:`port` (0: any free port) and returns the port. */
export async function listen(server: Server | TlsServer, host: string, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

/** Closes `server` and every connection still open on it. */
export function close(server: Server | TlsServer): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
