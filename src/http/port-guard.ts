// One server per port: the HTTP threads share theirs (SO_REUSEPORT), so nothing else may hold it, before or after.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer } from 'node:net';

/** Throws with a clear message when anything listens on host:port (a probe without SO_REUSEPORT cannot bind it then). */
export async function assertPortFree(host: string, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`port ${port} on ${host} is already in use by another process; stop it or choose another PORT`)
          : err.code === 'ENOTFOUND' || err.code === 'EADDRNOTAVAIL' || err.code === 'EAI_AGAIN'
            ? new Error(
                `HOST ${host} is not an address of this machine (${err.code}); use 0.0.0.0, 127.0.0.1 or one of its own`,
              )
            : err,
      );
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * Listening TCP sockets on `port` that this process does not own (Linux: /proc/net/tcp and tcp6 against this process's
 * file descriptors); 0 where /proc cannot tell. Catches a server that bound the port between the probe and our bind.
 */
export function foreignListeners(port: number): number {
  let listening: string[];
  try {
    listening = ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => listenersIn(readFileSync(file, 'utf8'), port));
  } catch {
    return 0;
  }
  const ours = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith('socket:[')) ours.add(target.slice(8, -1));
    } catch {
      // A descriptor closed while we read the directory.
    }
  }
  return listening.filter((inode) => !ours.has(inode)).length;
}

/** Inodes of the sockets in LISTEN state (st 0A) on `port` in one /proc/net/tcp* table. */
function listenersIn(table: string, port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return table
    .split('\n')
    .slice(1)
    .flatMap((line) => {
      const fields = line.trim().split(/\s+/);
      return fields.length > 9 && fields[1]!.endsWith(`:${hexPort}`) && fields[3] === '0A' ? [fields[9]!] : [];
    });
}
