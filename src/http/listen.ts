// Starts the app on a port (0 = any free port) and returns the bound port and a close function.
import uWS, { type TemplatedApp } from 'uWebSockets.js';
import { freePort } from './free-port.ts';

export interface Listening {
  port: number;
  /** Stops accepting connections; calling it again does nothing. */
  close(): void;
}

/**
 * Listens on host:port; rejects when the port cannot be bound. `shared`: other threads will listen on the same port, which
 * uWS allows (SO_REUSEPORT) only for a port named up front, so port 0 first becomes a free port picked here.
 */
export async function listen(app: TemplatedApp, host: string, port: number, shared = false): Promise<Listening> {
  const chosen = shared && port === 0 ? await freePort(host) : port;
  return new Promise((resolve, reject) => {
    app.listen(host, chosen, (socket) => {
      if (!socket) {
        reject(new Error(`cannot listen on ${host}:${chosen}`));
        return;
      }
      let open = true;
      const close = () => {
        // uWS frees a closed listen socket after the loop's turn: closing it twice reads freed memory and can abort.
        if (open) uWS.us_listen_socket_close(socket);
        open = false;
      };
      resolve({ port: uWS.us_socket_local_port(socket), close });
    });
  });
}
