// Raw-socket attack clients: many connections each declaring a large body and pushing it as fast as the server takes it.
import { connect, type Socket } from 'node:net';

export interface FloodResult {
  /** Body bytes the clients handed to the kernel (written, not left queued when the server closed the socket). */
  bytesSent: number;
  /** Body bytes the requests declared, all together. */
  bytesDeclared: number;
  /** First status line of each socket's answer, counted ("none" when it closed without one). */
  statuses: Record<string, number>;
}

export interface FloodOptions {
  port: number;
  sockets: number;
  /** Content-Length of each request. */
  bodyBytes: number;
  /** Request line and headers, without Content-Length and the blank line. */
  head: string;
  /** Gives up on a socket after this long. @default 20000 */
  timeoutMs?: number;
  /**
   * Of the sockets, this many send their head and then wait for an answer before any body byte. A server refusing
   * from the headers answers them before they send anything, so their answer is read whatever the kernel does with
   * the floods' unread bodies (a close with unread bytes is a reset, which may discard an answer not yet read).
   * @default 0
   */
  waiting?: number;
}

const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** Opens `sockets` connections at once; each sends its head, then body chunks until done, answered or closed. */
export async function flood(options: FloodOptions): Promise<FloodResult> {
  const waiting = options.waiting ?? 0;
  const results = await Promise.all(Array.from({ length: options.sockets }, (_, i) => oneSocket(options, i < waiting)));
  const statuses: Record<string, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    bytesSent: results.reduce((sum, r) => sum + r.sent, 0),
    bytesDeclared: options.sockets * options.bodyBytes,
    statuses,
  };
}

function oneSocket(options: FloodOptions, waits: boolean): Promise<{ sent: number; status: string }> {
  return new Promise((resolve) => {
    const socket: Socket = connect(options.port, '127.0.0.1');
    const head = `${options.head}\r\nContent-Length: ${options.bodyBytes}\r\n\r\n`;
    let received = '';
    let queued = 0;
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      const sent = Math.max(0, socket.bytesWritten - socket.writableLength - Buffer.byteLength(head));
      socket.destroy();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'none';
      resolve({ sent, status });
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 20_000);
    const pump = () => {
      while (!finished && queued < options.bodyBytes) {
        const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, options.bodyBytes - queued));
        queued += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      socket.write(head);
      if (!waits) pump();
    });
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // The whole answer is in once its JSON body closes; the server may keep the socket open after a complete body.
      if (/\r\n\r\n\{.*\}$/s.test(received)) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
  });
}
