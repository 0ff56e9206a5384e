// Rebuilds the dataset only when data/build is missing or stale; used by the service start and the test setup.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PLACE_FORMAT_VERSION, readPlaceFileVersion } from '../geocoding/place-file.ts';
import { BOUNDARY_FORMAT_VERSION } from '../native/boundary-file.ts';
import { buildDataset, type BuildOptions } from './build.ts';
import { datasetFingerprint, recordFingerprint, recordedFingerprint } from './fingerprint.ts';
import { inputPaths, parseBuildArgs, resolveInputs, type ResolvedInputs } from './inputs.ts';
import { fileEntry, pipelineSha256, readFormatVersion, sha256File, type Manifest } from './manifest.ts';
import { defaultOutDir, repoManifestPath } from './paths.ts';

/** The dataset in use and whether this call rebuilt it. */
export interface EnsuredDataset {
  outDir: string;
  manifest: Manifest;
  rebuilt: boolean;
}

/**
 * Returns the built dataset, rebuilding when manifest.json is missing, the inputs' sha256 or the dataset kind
 * changed, the pipeline sources changed, an output does not match its recorded sha256, or the native core
 * no longer reads boundaries.bin or places.bin (format version bump). The sha256 comparisons are skipped while
 * every input's and output's size, mtime and inode equal those recorded at the last build or full check.
 */
export async function ensureDataset(options: BuildOptions = {}): Promise<EnsuredDataset> {
  const outDir = resolve(options.out ?? defaultOutDir());
  const stale = await staleReason(outDir, options);
  if (stale === null) {
    const text = readFileSync(join(outDir, 'manifest.json'), 'utf8');
    syncRepoManifest(text, outDir, options);
    return { outDir, manifest: JSON.parse(text) as Manifest, rebuilt: false };
  }
  if (!options.quiet) process.stderr.write(`data: rebuilding ${outDir} (${stale})\n`);
  const { manifest } = await buildDataset({ ...options, out: outDir });
  return { outDir, manifest, rebuilt: true };
}

/** Keeps the committed data/manifest.json equal to a reused build of the full default dataset. */
function syncRepoManifest(text: string, outDir: string, options: BuildOptions): void {
  if (!resolveInputs(options).isDefaultFull || outDir !== resolve(defaultOutDir())) return;
  if (!existsSync(repoManifestPath) || readFileSync(repoManifestPath, 'utf8') !== text)
    writeFileSync(repoManifestPath, text);
}

/** Why the build in `outDir` cannot be reused, or null when it is current. */
export async function staleReason(outDir: string, options: BuildOptions = {}): Promise<string | null> {
  const manifestPath = join(outDir, 'manifest.json');
  if (!existsSync(manifestPath)) return 'no manifest.json';
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    return 'unreadable manifest.json';
  }
  const inputs = resolveInputs(options);
  if (manifest.dataset !== inputs.dataset) return `dataset ${manifest.dataset} -> ${inputs.dataset}`;
  if (manifest.pipeline_sha256 !== pipelineSha256()) return 'the build pipeline changed';
  const missing = manifest.outputs.find((o) => !existsSync(join(outDir, o.name)));
  if (missing) return `${missing.name} is missing or modified`;
  const versions = formatVersionChange(outDir);
  if (versions) return versions;
  const fingerprint = datasetFingerprint(
    outDir,
    inputPaths(inputs),
    manifest.outputs.map((o) => o.name),
  );
  if (recordedFingerprint(outDir) === fingerprint) return null;
  const hashed = await hashedChange(outDir, manifest, inputs);
  if (hashed === null) recordFingerprint(outDir, fingerprint);
  return hashed;
}

/** A format the native core or the place reader no longer reads (their headers only: a few bytes each). */
function formatVersionChange(outDir: string): string | null {
  const boundaries = readFormatVersion(join(outDir, 'boundaries.bin'));
  if (boundaries !== BOUNDARY_FORMAT_VERSION)
    return `boundaries.bin no longer loads: Got v${boundaries}, expected v${BOUNDARY_FORMAT_VERSION}`;
  const places = readPlaceFileVersion(join(outDir, 'places.bin'));
  if (places !== PLACE_FORMAT_VERSION)
    return `places.bin no longer loads: Got v${places}, expected v${PLACE_FORMAT_VERSION}`;
  return null;
}

/** The full check: every input's and output's sha256 against the manifest. */
async function hashedChange(outDir: string, manifest: Manifest, inputs: ResolvedInputs): Promise<string | null> {
  const current = await Promise.all(inputPaths(inputs).map((p) => fileEntry(p, '')));
  const key = (e: { name: string; sha256: string }) => `${e.name}:${e.sha256}`;
  if (current.map(key).join() !== manifest.inputs.map(key).join()) return 'the inputs changed';
  for (const output of manifest.outputs) {
    if ((await sha256File(join(outDir, output.name))) !== output.sha256) return `${output.name} is missing or modified`;
  }
  return null;
}

/** `npm run pretest` / the test setup: ensures the dataset and says what it did. */
export async function ensureDataCommand(args: string[]): Promise<void> {
  const result = await ensureDataset(parseBuildArgs(args));
  const { counts, dataset } = result.manifest;
  process.stderr.write(
    `data: ${result.rebuilt ? 'built' : 'up to date'} ${result.outDir} (${dataset}, ${counts.polygons} polygons)\n`,
  );
}
