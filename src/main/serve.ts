// `geopin serve`: rebuild the dataset when the raw inputs are at hand and it is missing or stale, then run the server.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDataset } from '../dataset/ensure.ts';
import { INPUT_FILES, defaultInputDir, sampleDir } from '../dataset/paths.ts';
import { loadConfig } from './config.ts';
import { runServer } from './run-server.ts';

/** Starts the server; it runs until SIGINT/SIGTERM (exit 0 after a clean shutdown). */
export async function serve(args: string[]): Promise<void> {
  if (args.length > 0)
    throw new Error(`serve takes no arguments (got "${args.join(' ')}"); it is configured by environment variables`);
  const config = loadConfig();
  // The executable carries no raw inputs: there the extracted build is used as it is, unless DATA_DIR names some.
  if (hasRawInputs()) await ensureDataset({ out: config.dataDir });
  await runServer(config);
}

function hasRawInputs(): boolean {
  if (process.env.DATA_DIR !== undefined) return true;
  return [defaultInputDir(), sampleDir].some((dir) => existsSync(join(dir, INPUT_FILES.boundaries)));
}
