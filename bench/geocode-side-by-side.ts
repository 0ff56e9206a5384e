// `npm run bench:geocode-side-by-side -- <other checkout>`: this tree's geocoder and another checkout's (a worktree of
// an earlier commit, with its own data/build) loaded in one process, timed in alternating rounds over the evaluation's
// addresses; CPU time per geocode, median of the rounds, and the ratio. One process, so both meet the same machine.
import { join, resolve } from 'node:path';
import { LocationService } from '../src/geocoding/location-service.ts';
import { loadEvalSet } from '../test/fixtures/geocode-eval.ts';

interface Geocodes {
  geocode(input: { address: string; city?: string; state?: string }): unknown;
}

const other = process.argv[2];
if (!other) throw new Error('usage: bench:geocode-side-by-side -- <path of another checkout, built>');
const root = resolve(other);
const module = (await import(
  join(root, 'src/geocoding/location-service.ts')
)) as typeof import('../src/geocoding/location-service.ts');
const builds: Array<[string, Geocodes]> = [
  [root, module.LocationService.open(join(root, 'data/build'))],
  ['this tree', LocationService.open('data/build')],
];
const inputs = loadEvalSet()
  .filter((c) => !c.doubtful)
  .map((c) => ({ address: c.address, city: c.city, state: c.state }));
const PASSES = 5;
for (const [, service] of builds) for (let i = 0; i < PASSES; i++) for (const input of inputs) service.geocode(input);
const rounds = new Map<string, number[]>(builds.map(([name]) => [name, []]));
for (let round = 0; round < 8; round++) {
  for (const [name, service] of builds) {
    const before = process.cpuUsage();
    for (let i = 0; i < PASSES; i++) for (const input of inputs) service.geocode(input);
    const used = process.cpuUsage(before);
    rounds.get(name)!.push((used.user + used.system) / (PASSES * inputs.length));
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const [a, b] = builds.map(([name]) => median(rounds.get(name)!)) as [number, number];
for (const [name] of builds)
  console.log(
    `${name}: ${median(rounds.get(name)!).toFixed(1)} µs per geocode (rounds ${rounds
      .get(name)!
      .map((x) => x.toFixed(0))
      .join(' ')})`,
  );
console.log(
  `this tree / other: ${(b / a).toFixed(3)} (${inputs.length} addresses, ${PASSES} passes a round, CPU time)`,
);
