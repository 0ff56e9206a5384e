// A TCP relay to PostgreSQL in a process of its own: killing it cuts every connection, as a database out of reach does.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Relays 127.0.0.1:<port> (0: any) to host:port, or with "hold" accepts and never answers; prints its port. */
const RELAY = `
const net = require('node:net');
const [host, port, listen, mode] = process.argv.slice(1);
const server = net.createServer((client) => {
  if (mode === 'hold') return client.on('error', () => undefined);
  const upstream = net.connect(Number(port), host);
  for (const s of [client, upstream]) s.on('error', () => s.destroy());
  client.pipe(upstream).pipe(client);
});
server.listen(Number(listen), '127.0.0.1', () => console.log(server.address().port));
`;

export interface Relay {
  port: number;
  /** Kills the relay, and every connection with it: the port refuses. */
  cut(): Promise<void>;
  /** A relay again on the same port, or (`hold`) one that accepts connections and never answers. */
  mend(mode?: 'hold'): Promise<void>;
  /** Stops the relay process (SIGSTOP): its connections stay open and nothing passes, as with a stalled database. */
  freeze(): void;
  /** Lets a frozen relay run on (SIGCONT): what was sent meanwhile passes. */
  thaw(): void;
}

/** A TCP relay to the database in a process of its own. */
export async function relay(target: URL): Promise<Relay> {
  let child: ChildProcess;
  const start = async (listen: number, mode = '') => {
    child = spawn(process.execPath, ['-e', RELAY, target.hostname, target.port || '5432', String(listen), mode]);
    const [line] = (await once(child.stdout!, 'data')) as [Buffer];
    return Number(line.toString().trim());
  };
  const cut = async () => {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  };
  const port = await start(0);
  return {
    port,
    cut,
    async mend(mode) {
      await cut();
      await start(port, mode);
    },
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
  };
}
