// Reads tinybench results safely: a task that errored or was aborted has no latency statistics.
import type { Bench } from 'tinybench';

/** Mean latency of a finished task in nanoseconds; throws with the task's error otherwise. */
export function meanNs(bench: Bench, name: string): number {
  const result = bench.getTask(name)?.result;
  if (!result || !('latency' in result)) throw new Error(`bench task "${name}" did not complete`);
  return result.latency.mean * 1e6;
}

/** Latency percentile (0..100) in nanoseconds, from the task's samples. */
export function percentileNs(bench: Bench, name: string, p: number): number {
  const result = bench.getTask(name)?.result;
  if (!result || !('latency' in result)) throw new Error(`bench task "${name}" did not complete`);
  const key = `p${p}` as keyof typeof result.latency;
  const value = result.latency[key];
  if (typeof value !== 'number') throw new Error(`no p${p} for "${name}"`);
  return value * 1e6;
}
