// Default locations of the raw data, the committed sample and the build output.
import { join } from 'node:path';
import { resourceRoot } from '../resources.ts';

/** The repository root (no trailing slash). */
export const repoRoot = resourceRoot();
/** The real public inputs committed in data/source (DATA_DIR overrides). */
export function defaultInputDir(): string {
  return process.env.DATA_DIR ?? join(repoRoot, 'data/source');
}
/** Where builds go by default (DATA_OUT_DIR overrides). */
export function defaultOutDir(): string {
  return process.env.DATA_OUT_DIR ?? join(repoRoot, 'data/build');
}
/** The small real subset committed to the repository. */
export const sampleDir = join(repoRoot, 'data/sample');
/** The committed manifest of the full dataset. */
export const repoManifestPath = join(repoRoot, 'data/manifest.json');

/** File names of the NDJSON-style dataset inside an input directory. */
export const INPUT_FILES = {
  boundaries: 'pincode_boundaries.ndjson.gz',
  directory: 'pincode_directory.csv.gz',
  crosswalk: 'pincode_crosswalk.csv',
  states: 'india_states.geojson.gz',
  geonames: 'geonames_in_cities500.tsv.gz',
  postal: 'geonames_in_postal.tsv.gz',
} as const;
