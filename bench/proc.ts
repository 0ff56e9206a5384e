// What Linux's /proc says about a process and the machine: RSS, CPU time, time spent waiting for a core, process trees (the benchmarks' and package:measure's readings).
import { readdirSync, readFileSync } from 'node:fs';

/** Resident set size in bytes, from /proc/<pid>/status (VmRSS). */
export function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Fields of /proc/<pid>/stat after the ")" that ends the command name (so field 3, the state, is index 0). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU seconds of every thread of the process so far: utime and stime, fields 14 and 15, in 1/100 s. */
export function cpuOf(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Where a thread's time went, in seconds: on a core, or ready to run but waiting for one (the run-queue delay). */
export interface ThreadTime {
  running: number;
  waiting: number;
}

/**
 * The process's main thread (for node: the event loop), from the first two fields of /proc/<pid>/schedstat (ns). Over a
 * window, wall time minus both is the time it slept (an idle event loop). Helper threads (GC, libuv) are left out.
 */
export function mainThreadOf(pid: number): ThreadTime {
  const [running, waiting] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number) as [number, number];
  return { running: running / 1e9, waiting: waiting / 1e9 };
}

/** `root` and every process below it (PostgreSQL's postmaster and its backends), by the parent pid in /proc/<pid>/stat. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(statFields(Number(entry))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone already.
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** CPU and run-queue seconds summed over a process tree; processes that exit in between take their share with them. */
export function treeUsage(root: number): { cpu: number; wait: number } {
  let cpu = 0;
  let wait = 0;
  for (const pid of processTree(root)) {
    try {
      cpu += cpuOf(pid);
      wait += mainThreadOf(pid).waiting;
    } catch {
      // Gone already.
    }
  }
  return { cpu, wait };
}

/** Busy and total CPU seconds of the whole machine so far, all cores (the "cpu" line of /proc/stat, in 1/100 s). */
export function machineCpu(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / 100, total: (busy + idle! + iowait!) / 100 };
}

/**
 * Percent of the last 60 s in which some task waited on I/O (Linux pressure stall information); NaN without PSI. On a
 * shared VM a high value means slow disk reads, which show in start-up and first-answer times.
 */
export function ioPressure(): number {
  try {
    const some = /^some avg10=[\d.]+ avg60=([\d.]+)/m.exec(readFileSync('/proc/pressure/io', 'utf8'));
    return some ? Number(some[1]) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}
