// Several rounds of bench:http, each running every server once in turn: the numbers per server are the median round's, and
// each target is judged per round (servers measured minutes apart on a shared VM), then by its median over the rounds.
import type { ScenarioResult, ServerResult } from './report.ts';

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  const half = sorted.length / 2;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[Math.floor(half)]! : (sorted[half - 1]! + sorted[half]!) / 2;
}

/** The run with the median req/s (the lower middle for an even count): its latency and CPU figures are from that same run. */
function medianRun(runs: ScenarioResult[]): ScenarioResult {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)]!;
}

/** Per server (in the order of the first round): its median runs, start-up time and memory. */
export function medianResults(rounds: ServerResult[][]): ServerResult[] {
  return rounds[0]!.map(({ server }) => {
    const runs = rounds.map((round) => round.find((r) => r.server === server)!);
    const batches = runs.flatMap((r) => (r.batch ? [r.batch] : []));
    return {
      server,
      firstAnswerMs: median(runs.map((r) => r.firstAnswerMs)),
      rssAfterStartBytes: median(runs.map((r) => r.rssAfterStartBytes)),
      rssAfterRunBytes: median(runs.map((r) => r.rssAfterRunBytes)),
      single: medianRun(runs.map((r) => r.single)),
      batch: batches.length > 0 ? medianRun(batches) : undefined,
    };
  });
}
