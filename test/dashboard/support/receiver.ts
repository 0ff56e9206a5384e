// A webhook receiver on 127.0.0.1 whose answer the test switches (failing, then healthy), recording each delivery id it sees.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SwitchableReceiver {
  url: string;
  /** X-Service-Delivery of every request, in arrival order. */
  deliveries: string[];
  /** The status it answers with from now on. */
  answer(status: number): void;
  close(): Promise<void>;
}

export async function startSwitchableReceiver(status = 500): Promise<SwitchableReceiver> {
  let current = status;
  const deliveries: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      deliveries.push(String(req.headers['x-service-delivery']));
      res.writeHead(current, { 'content-type': 'text/plain' });
      res.end(current < 300 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    deliveries,
    answer(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
