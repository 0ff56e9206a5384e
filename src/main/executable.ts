// The single executable's environment: its assets come from the extracted cache, its writable state goes to ./geopin-data.
import { resolve } from 'node:path';
import { setResourceRoot } from '../resources.ts';
import { extractAssets } from './extract-assets.ts';

/** Extracts (or reuses) the assets, points the resource root at them, and fills in the defaults that differ from a checkout. */
export function prepareExecutable(
  command: string,
  args: string[],
  env: Record<string, string | undefined> = process.env,
): void {
  if (
    command === 'data build' &&
    env.DATA_DIR === undefined &&
    !args.some((a) => a === '--input' || a.startsWith('--input='))
  ) {
    throw new Error(
      'data build: the executable carries the built dataset, not the raw inputs; give them with --input DIR or DATA_DIR',
    );
  }
  setResourceRoot(extractAssets());
  env.DB_PATH ??= resolve('geopin-data/app.sqlite');
  // A build never writes into the shared, content-addressed cache.
  if (command === 'data build' || env.DATA_DIR !== undefined) env.DATA_OUT_DIR ??= resolve('geopin-data/build');
}
