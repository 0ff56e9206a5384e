// listen(): the bound port, and a close that may be called more than once (an HTTP thread is told to stop listening,
// then stops), since uWS frees a closed listen socket and a second close would read freed memory.
import { createServer } from 'node:net';
import uWS from 'uWebSockets.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen } from '../../src/http/listen.ts';

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('listen', () => {
  it('answers on the port it returns', async () => {
    const app = uWS.App().any('/*', (res) => void res.end('hello'));
    const listening = await listen(app, '127.0.0.1', 0);
    expect(listening.port).toBeGreaterThan(0);
    expect(await (await fetch(`http://127.0.0.1:${listening.port}/`)).text()).toBe('hello');
    listening.close();
    app.close();
  });

  it('closes the listen socket once however often close() is called, and frees the port', async () => {
    const app = uWS.App().any('/*', (res) => void res.end());
    const listening = await listen(app, '127.0.0.1', 0);
    const closeSocket = vi.spyOn(uWS, 'us_listen_socket_close');
    listening.close();
    // After a turn of the loop uWS has freed the socket: the second close must not reach it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    listening.close();
    expect(closeSocket).toHaveBeenCalledTimes(1);
    expect(await bindable(listening.port)).toBe(true);
    app.close();
  });

  it('rejects a port it cannot bind', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    await expect(listen(uWS.App(), '127.0.0.1', port)).rejects.toThrow(`cannot listen on 127.0.0.1:${port}`);
    taken.close();
  });
});
