// The few messages between the primary HTTP thread and the others. No request crosses threads: each thread serves every
// route itself; these only wake the webhook dispatcher, carry metrics and the node count, and stop a thread.
import type { MessagePort } from 'node:worker_threads';
import type { ThreadReport } from '../ops/metrics.ts';

/** From another thread to the primary. */
export type ToPrimary =
  | { t: 'ready' }
  /** An outbox row committed: deliver it now rather than at the next poll. */
  | { t: 'queued' }
  | { t: 'report'; report: ThreadReport }
  /** /metrics was asked of this thread: the primary answers with the whole process's text. */
  | { t: 'metrics'; id: number }
  /** Stopped: the usage counts it could not write (key id, requests) and the steps it could not finish. */
  | { t: 'stopped'; lost: Array<[number, number]>; unfinished: Record<string, string> };

/** From the primary to another thread. */
export type ToThread =
  | { t: 'nodes'; count: number }
  | { t: 'metrics'; id: number; text: string }
  /** Every thread of the process listens: /readyz may answer ready (until then 503, as while draining). */
  | { t: 'serving' }
  /** Shutdown began: /readyz answers 503 and every reply closes its connection. */
  | { t: 'drain' }
  /** Stop listening: requests in flight still finish. */
  | { t: 'close' }
  /** Write the last counts and close the store by `deadline` (epoch ms), then say stopped. */
  | { t: 'stop'; deadline: number };

/** One end of a link, typed by what it sends and receives. */
export class ThreadLink<Out, In> {
  constructor(private readonly port: MessagePort) {}

  send(message: Out): void {
    this.port.postMessage(message);
  }

  on(handler: (message: In) => void): void {
    this.port.on('message', handler);
  }

  close(): void {
    this.port.close();
  }
}
