// Starts the app on a port (0 = any free port) and returns the bound port and a close function.
import uWS, { type TemplatedApp } from 'uWebSockets.js';

export interface Listening {
  port: number;
  close(): void;
}

/** Listens on host:port; rejects when the port cannot be bound. */
export function listen(app: TemplatedApp, host: string, port: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    app.listen(host, port, (socket) => {
      if (!socket) {
        reject(new Error(`cannot listen on ${host}:${port}`));
        return;
      }
      resolve({ port: uWS.us_socket_local_port(socket), close: () => uWS.us_listen_socket_close(socket) });
    });
  });
}
