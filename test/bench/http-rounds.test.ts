// bench:http's rounds: per-server medians come from real runs, and each target is judged per round before its median.
import { cpus } from 'node:os';
import { describe, expect, it } from 'vitest';
import { median, medianResults } from '../../bench/http/rounds.ts';
import { targetsOverRounds, type ScenarioResult, type ServerResult } from '../../bench/http/report.ts';

const run = (rps: number, cpu = 10, other = 0): ScenarioResult => ({
  requests: rps,
  seconds: 1,
  rps,
  p50Ms: 1000 / rps,
  p99Ms: 2,
  non2xx: 0,
  socketErrors: 0,
  pointsPerRequest: 1,
  serverCpuUsPerRequest: cpu,
  otherCpuUsPerRequest: other,
});
const server = (name: string, rps: number, rss = 100, other = 0): ServerResult => ({
  server: name,
  firstAnswerMs: 500,
  rssAfterStartBytes: rss * 2 ** 20,
  rssAfterRunBytes: rss * 2 ** 20,
  single: run(rps, 1e6 / rps, other),
});

describe('bench:http rounds', () => {
  it('takes the middle value, and the mean of the two middle ones for an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('reports for each server its median run whole, so latency and CPU belong to the same run as the req/s', () => {
    const rounds = [[server('bare uWS', 100)], [server('bare uWS', 300)], [server('bare uWS', 200)]];
    const [bare] = medianResults(rounds);
    expect(bare!.single.rps).toBe(200);
    expect(bare!.single.p50Ms).toBe(5);
  });

  it('judges a ratio within each round, so a slow round slows both sides of it', () => {
    // The machine halves its speed in round 2: per-round ratios stay 0.76, a ratio of medians would not.
    const rounds = [
      [server('geopin WORKERS=1', 76), server('bare uWS', 100)],
      [server('geopin WORKERS=1', 38), server('bare uWS', 50)],
      [server('geopin WORKERS=1', 83.6), server('bare uWS', 110)],
    ];
    const target = targetsOverRounds(rounds).find((t) => t.what === 'single: ours (WORKERS=1) / bare uWS')!;
    expect(target.perRound.map((v) => Math.round(v!))).toEqual([76, 76, 76]);
    expect(target.measured).toBeCloseTo(76);
    expect([target.met, target.metInRounds]).toEqual([true, 3]);
  });

  it('tells how far any number of server threads could scale single lookups when the load generator shares the cores', () => {
    // WORKERS=2: 8 µs of server and 6 µs of load generator per request; all cores over 14 µs, against WORKERS=1's rate.
    const rounds = [
      [server('geopin WORKERS=1', 100_000), { ...server('geopin WORKERS=2', 110_000), single: run(110_000, 8, 6) }],
    ];
    const ceiling = targetsOverRounds(rounds).find((t) => t.what.startsWith('single: the most any WORKERS'))!;
    expect(ceiling.measured).toBeCloseTo((cpus().length * 1e6) / 14 / 100_000);
  });
});
