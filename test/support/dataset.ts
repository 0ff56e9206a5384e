// The built dataset the tests run on: data/build by default (GEO_DATA_DIR overrides), built by the pretest step.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

/** Directory holding boundaries.bin, gazetteer.sqlite and manifest.json. */
export const datasetDir = process.env.GEO_DATA_DIR ?? join(repoRoot, 'data/build');

/** Path of a file in the dataset; throws with the fixing command when the build is missing. */
export function datasetFile(name: string): string {
  const path = join(datasetDir, name);
  if (!existsSync(path)) throw new Error(`${path} is missing; run "npm run data:build"`);
  return path;
}
