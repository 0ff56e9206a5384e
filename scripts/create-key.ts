// `npm run key:create`: see src/main/commands/keys.ts (also a subcommand of the single executable).
import { createKeyCommand } from '../src/main/commands/keys.ts';

process.exitCode = await createKeyCommand(process.argv.slice(2));
