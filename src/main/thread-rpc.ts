// Calls between the main thread and its HTTP worker threads over one MessagePort: named handlers, promised results.
import type { MessagePort } from 'node:worker_threads';

type Handler = (...args: any[]) => unknown;

type Message =
  | { t: 'call'; id: number; name: string; args: unknown[] }
  | { t: 'notify'; name: string; args: unknown[] }
  | { t: 'result'; id: number; value: unknown }
  | { t: 'error'; id: number; message: string };

/** One end of the channel: `call` the other end's handlers, `handle` its calls. Both ends are symmetric. */
export class ThreadRpc {
  private readonly handlers = new Map<string, Handler>();
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private sequence = 0;

  constructor(private readonly port: MessagePort) {
    port.on('message', (message: Message) => this.receive(message));
  }

  /** Answers the other end's `call(name, …)` / `notify(name, …)` with `handler`'s (awaited) result. */
  handle(name: string, handler: Handler): this {
    this.handlers.set(name, handler);
    return this;
  }

  call<T>(name: string, ...args: unknown[]): Promise<T> {
    const id = ++this.sequence;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ t: 'call', id, name, args } satisfies Message);
    });
  }

  /** A call whose result nobody waits for. */
  notify(name: string, ...args: unknown[]): void {
    this.port.postMessage({ t: 'notify', name, args } satisfies Message);
  }

  /** Fails every call still waiting (the other end is gone). */
  close(reason: string): void {
    for (const { reject } of this.waiting.values()) reject(new Error(reason));
    this.waiting.clear();
    this.port.close();
  }

  private receive(message: Message): void {
    if (message.t === 'result' || message.t === 'error') {
      const waiter = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.t === 'result') waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.message));
      return;
    }
    const handler = this.handlers.get(message.name);
    const run = async () => {
      if (!handler) throw new Error(`no handler for ${message.name}`);
      return handler(...message.args);
    };
    const answered = run();
    if (message.t === 'notify') return void answered.catch(() => undefined);
    const { id } = message;
    answered.then(
      (value) => this.port.postMessage({ t: 'result', id, value } satisfies Message),
      (err: unknown) => this.port.postMessage({ t: 'error', id, message: err instanceof Error ? err.message : String(err) } satisfies Message),
    );
  }
}
