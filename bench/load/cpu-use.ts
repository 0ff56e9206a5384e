// CPU accounting over the load window: each process's CPU, and where each event loop's wall time went (on a core, waiting
// for one, idle). An event loop that is never idle is saturated; one that waits for a core a lot is short of cores.
import { availableParallelism } from 'node:os';
import { cpuOf, machineCpu, mainThreadOf, type ThreadTime } from '../proc.ts';

/** Shares of the window's wall time; they add up to 1. */
export interface LoopShare {
  running: number;
  waiting: number;
  idle: number;
}

/** Shares of one core (1 = one core busy for the whole window). */
export interface CpuUse {
  /** Per node: all threads' CPU, and its event loop's thread. */
  nodes: Array<{ cpu: number; loop: LoopShare }>;
  /** This process: autocannon, the SMTP sink, the bench's own sampling. */
  loadGenerator: { cpu: number; loop: LoopShare };
  /** The PostgreSQL cluster (postmaster and backends, summed), or zero with SQLite, whose work runs inside the node. */
  store: { cpu: number; waiting: number };
  /** Every process on the machine, ours and anyone else's (/proc/stat), out of `cores`. */
  machine: number;
  cores: number;
}

export interface CpuSnapshot {
  at: number;
  nodes: Array<{ cpu: number; loop: ThreadTime }>;
  own: { cpu: number; loop: ThreadTime };
  store: { cpu: number; wait: number };
  machineBusy: number;
}

export function cpuSnapshot(nodePids: number[], storeUsage: () => { cpu: number; wait: number }): CpuSnapshot {
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    nodes: nodePids.map((pid) => ({ cpu: cpuOf(pid), loop: mainThreadOf(pid) })),
    own: { cpu: (own.user + own.system) / 1e6, loop: mainThreadOf(process.pid) },
    store: storeUsage(),
    machineBusy: machineCpu().busy,
  };
}

export function cpuUse(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const wall = (after.at - before.at) / 1000;
  const loop = (a: ThreadTime, b: ThreadTime): LoopShare => {
    const running = (b.running - a.running) / wall;
    const waiting = (b.waiting - a.waiting) / wall;
    return { running, waiting, idle: Math.max(0, 1 - running - waiting) };
  };
  return {
    nodes: after.nodes.map((n, i) => ({
      cpu: (n.cpu - before.nodes[i]!.cpu) / wall,
      loop: loop(before.nodes[i]!.loop, n.loop),
    })),
    loadGenerator: { cpu: (after.own.cpu - before.own.cpu) / wall, loop: loop(before.own.loop, after.own.loop) },
    store: { cpu: (after.store.cpu - before.store.cpu) / wall, waiting: (after.store.wait - before.store.wait) / wall },
    machine: (after.machineBusy - before.machineBusy) / wall,
    cores: availableParallelism(),
  };
}
