// A port that is free on a host right now: the kernel's pick for port 0, released again for the caller to bind.
import { createServer } from 'node:net';

/** A port free on `host` right now (another process may take it before the caller binds it). */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
