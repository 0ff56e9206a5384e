// `npm run key:revoke`: see src/main/commands/keys.ts (also a subcommand of the single executable).
import { revokeKeyCommand } from '../src/main/commands/keys.ts';

process.exitCode = await revokeKeyCommand(process.argv.slice(2));
