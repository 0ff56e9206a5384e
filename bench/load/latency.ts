// Every response time of a run, kept per traffic mix and per node, so the overall and per-node percentiles are exact.
import type autocannon from 'autocannon';

export interface Percentiles {
  responses: number;
  p50: number;
  p99: number;
}

/** Response times in ms, by key; a 30 s run keeps about 100k numbers. */
export class Latencies {
  private readonly byKey = new Map<string, number[]>();

  /** Records each response of `instance` under its mix and under the node (origin) its connection talks to. */
  track(instance: autocannon.Instance, mix: string): void {
    instance.on('response', (client, _status, _bytes, ms) => {
      this.add(`mix ${mix}`, ms);
      // Each autocannon client keeps one URL for its life; `opts.origin` is "http://127.0.0.1:<port>" (lib/run.js).
      this.add((client as unknown as { opts: { origin: string } }).opts.origin, ms);
      this.add('all', ms);
    });
  }

  of(key: string): Percentiles {
    const sorted = Float64Array.from(this.byKey.get(key) ?? []).sort();
    const at = (q: number) =>
      sorted.length === 0 ? 0 : Math.round(sorted[Math.ceil(q * sorted.length) - 1]! * 10) / 10;
    return { responses: sorted.length, p50: at(0.5), p99: at(0.99) };
  }

  private add(key: string, ms: number): void {
    let list = this.byKey.get(key);
    if (!list) this.byKey.set(key, (list = []));
    list.push(ms);
  }
}
