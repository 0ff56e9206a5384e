// `npm run widget:try`: see src/main/commands/widget-try.ts (also a subcommand of the single executable).
import { widgetTryCommand } from '../src/main/commands/widget-try.ts';

process.exitCode = await widgetTryCommand(process.argv.slice(2));
