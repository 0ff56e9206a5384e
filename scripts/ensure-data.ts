// `npm run pretest`: builds data/build when it is missing or stale (src/dataset/ensure.ts).
import { ensureDataCommand } from '../src/dataset/ensure.ts';

ensureDataCommand(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`data: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
});
