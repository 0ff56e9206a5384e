// Rebuilds the dataset only when data/build is missing or stale; used by the service start and the test setup.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PlaceFile } from '../src/geocoding/place-file.ts';
import { readBoundaryFile } from '../src/native/boundary-file.ts';
import { buildDataset, type BuildOptions } from './build-data.ts';
import { parseBuildArgs, resolveInputs } from './data/inputs.ts';
import { fileEntry, pipelineSha256, sha256File, type Manifest } from './data/manifest.ts';
import { defaultOutDir, repoManifestPath } from './data/paths.ts';

/** The dataset in use and whether this call rebuilt it. */
export interface EnsuredDataset {
  outDir: string;
  manifest: Manifest;
  rebuilt: boolean;
}

/**
 * Returns the built dataset, rebuilding when manifest.json is missing, the inputs' sha256 or the dataset kind
 * changed, the pipeline sources changed, an output does not match its recorded sha256, or the native core
 * no longer reads boundaries.bin (format version bump).
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
  if (!existsSync(repoManifestPath) || readFileSync(repoManifestPath, 'utf8') !== text) writeFileSync(repoManifestPath, text);
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
  const paths = [inputs.boundaries.path, ...inputs.boundaries.companions, inputs.directory, inputs.crosswalk, inputs.states, inputs.geonames, inputs.postal];
  const current = await Promise.all(paths.filter((p): p is string => p !== null).map((p) => fileEntry(p, '')));
  const key = (e: { name: string; sha256: string }) => `${e.name}:${e.sha256}`;
  if (current.map(key).join() !== manifest.inputs.map(key).join()) return 'the inputs changed';
  for (const output of manifest.outputs) {
    const path = join(outDir, output.name);
    if (!existsSync(path) || (await sha256File(path)) !== output.sha256) return `${output.name} is missing or modified`;
  }
  try {
    readBoundaryFile(join(outDir, 'boundaries.bin'));
  } catch (err) {
    return `boundaries.bin no longer loads: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    PlaceFile.open(join(outDir, 'places.bin'));
  } catch (err) {
    return `places.bin no longer loads: ${err instanceof Error ? err.message : String(err)}`;
  }
  return null;
}

async function main(): Promise<void> {
  const result = await ensureDataset(parseBuildArgs());
  const { counts, dataset } = result.manifest;
  process.stderr.write(
    `data: ${result.rebuilt ? 'built' : 'up to date'} ${result.outDir} (${dataset}, ${counts.polygons} polygons)\n`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    process.stderr.write(`data: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
