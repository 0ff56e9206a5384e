// `npm run bench:geocode-instructions [-- <other checkout>]`: instructions per in-process geocode over the evaluation's
// addresses, counted by valgrind's callgrind, for this tree and optionally another checkout (a worktree of an earlier
// commit, built, with its own data/build or a link to this one's). Timing on this VM spreads by +-5% between runs of
// the same pair; this count repeats to about 0.01%, so a change worth 1% is seen. Each tree's geocoder is bundled
// (esbuild) and run under `node --single-threaded --predictable` (no background compiler or GC threads) for 3 and for
// 9 passes; the difference over 6 passes is the steady state, without start-up and warm-up. Needs valgrind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { loadEvalSet } from '../test/fixtures/geocode-eval.ts';

const PASSES = [3, 9] as const;

const dir = mkdtempSync(join(tmpdir(), 'geocode-instructions-'));
const inputsPath = join(dir, 'inputs.json');
const inputs = loadEvalSet()
  .filter((c) => !c.doubtful)
  .map((c) => ({ address: c.address, city: c.city, state: c.state }));
writeFileSync(inputsPath, JSON.stringify(inputs));

/** A script that opens `root`'s data and geocodes the inputs PASSES times (the count from the environment). */
async function bundle(root: string, name: string): Promise<string> {
  const entry = join(dir, `${name}-entry.ts`);
  writeFileSync(
    entry,
    `import { readFileSync } from 'node:fs';\n` +
      `import { LocationService } from ${JSON.stringify(join(root, 'src/geocoding/location-service.ts'))};\n` +
      `const service = LocationService.open(${JSON.stringify(join(root, 'data/build'))});\n` +
      `const inputs = JSON.parse(readFileSync(${JSON.stringify(inputsPath)}, 'utf8'));\n` +
      `for (let i = 0; i < Number(process.env.PASSES); i++) for (const input of inputs) service.geocode(input);\n`,
  );
  // One directory below the tree's root, as dist/ is: a bundle finds the native addon from its parent directory.
  const outfile = join(root, `bench/.geocode-instructions-${process.pid}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    external: ['better-sqlite3', '*.node'],
    logLevel: 'error',
  });
  return outfile;
}

/** User-space instructions of one run of `script` with `passes` passes. */
function count(script: string, passes: number): number {
  const out = join(dir, `callgrind.${passes}`);
  const run = spawnSync(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', '--predictable', script],
    { encoding: 'utf8', env: { ...process.env, PASSES: String(passes) } },
  );
  const collected = /Collected : (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !collected) throw new Error(`valgrind failed (${run.status}): ${run.stderr?.slice(-2000)}`);
  return Number(collected[1]);
}

const trees: Array<[string, string]> = [['this tree', resolve('.')]];
if (process.argv[2]) trees.unshift([process.argv[2], resolve(process.argv[2])]);
const results: number[] = [];
try {
  for (const [name, root] of trees) {
    const script = await bundle(root, `t${results.length}`);
    try {
      const [few, many] = PASSES.map((n) => count(script, n)) as [number, number];
      const perGeocode = (many - few) / ((PASSES[1] - PASSES[0]) * inputs.length);
      results.push(perGeocode);
      console.log(`${name}: ${Math.round(perGeocode).toLocaleString('en')} instructions per geocode`);
    } finally {
      rmSync(script, { force: true });
    }
  }
  if (results.length === 2)
    console.log(`this tree / other: ${(results[1]! / results[0]!).toFixed(4)} (${inputs.length} addresses)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
