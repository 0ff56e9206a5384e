// `npm run merchant:create`: see src/main/commands/merchants.ts (also a subcommand of the single executable).
import { createMerchantCommand } from '../src/main/commands/merchants.ts';

process.exitCode = await createMerchantCommand(process.argv.slice(2));
