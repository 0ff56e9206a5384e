// `npm run bench:geocode-side-by-side -- <other checkout>`: this tree's geocoder and another checkout's (a worktree of
// an earlier commit, with its own data/build) loaded in one process, timed in alternating rounds over the evaluation's
// addresses; CPU time per geocode, median of the rounds, and the ratio. One process, so both meet the same machine.
// `--evict <MiB>`: that much other memory is read between two geocodes, as a server's requests do between theirs (a
// geocode of a warm loop finds its tables in the caches, one under HTTP mostly does not); each geocode is then timed
// alone (wall clock, an idle core assumed).
import { join, resolve } from 'node:path';
import { LocationService } from '../src/geocoding/location-service.ts';
import { loadEvalSet } from '../test/fixtures/geocode-eval.ts';

interface Geocodes {
  geocode(input: { address: string; city?: string; state?: string }): unknown;
}

const other = process.argv[2];
if (!other) throw new Error('usage: bench:geocode-side-by-side -- <path of another checkout, built> [--evict <MiB>]');
const evictAt = process.argv.indexOf('--evict');
const evictMiB = evictAt > 0 ? Number(process.argv[evictAt + 1]) : 0;
if (!(evictMiB >= 0)) throw new Error('--evict takes a size in MiB');
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
const otherMemory = new Int32Array((evictMiB * 1024 * 1024) / 4);
/** Reads and writes a word of each 64-byte line of `otherMemory` (a write: no line stays clean and cheap to drop). */
function evict(): void {
  for (let i = 0; i < otherMemory.length; i += 16) otherMemory[i]!++;
}
/** µs per geocode of one round over the inputs. */
function round(service: Geocodes): number {
  if (evictMiB === 0) {
    const before = process.cpuUsage();
    for (let i = 0; i < PASSES; i++) for (const input of inputs) service.geocode(input);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / (PASSES * inputs.length);
  }
  let ns = 0n;
  for (let i = 0; i < PASSES; i++) {
    for (const input of inputs) {
      evict();
      const start = process.hrtime.bigint();
      service.geocode(input);
      ns += process.hrtime.bigint() - start;
    }
  }
  return Number(ns) / 1000 / (PASSES * inputs.length);
}
for (let r = 0; r < 8; r++) for (const [name, service] of builds) rounds.get(name)!.push(round(service));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const [a, b] = builds.map(([name]) => median(rounds.get(name)!)) as [number, number];
for (const [name] of builds)
  console.log(
    `${name}: ${median(rounds.get(name)!).toFixed(1)} µs per geocode (rounds ${rounds
      .get(name)!
      .map((x) => x.toFixed(0))
      .join(' ')})`,
  );
const how = evictMiB > 0 ? `wall time, ${evictMiB} MiB read between geocodes` : 'CPU time';
console.log(`this tree / other: ${(b / a).toFixed(3)} (${inputs.length} addresses, ${PASSES} passes a round, ${how})`);
