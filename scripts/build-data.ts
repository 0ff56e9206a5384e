// `npm run data:build`: the data build in src/dataset, from the command line.
import { buildDataCommand } from '../src/dataset/build.ts';

buildDataCommand(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`data:build failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
