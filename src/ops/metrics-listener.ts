// GET /metrics on a listener of its own (METRICS_PORT, loopback by default): Prometheus scrapes it, the API port does not expose it.
import { createServer, type Server } from 'node:http';
import type { Log } from '../kernel/log.ts';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsListener(
  host: string,
  port: number,
  text: () => Promise<string>,
  contentType: string,
  log: Log,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only GET /metrics here\n');
      return;
    }
    text().then(
      (body) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        log.error({ err }, 'metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`METRICS_PORT ${port} on ${host} is in use; choose another port or set METRICS_PORT=off`)
          : err,
      );
    });
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as { port: number }).port;
  log.info({ host, port: bound }, `[metrics] GET /metrics on http://${host}:${bound}`);
  return { port: bound, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
