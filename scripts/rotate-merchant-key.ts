// `npm run merchant:rotate-key`: see src/main/commands/merchants.ts (also a subcommand of the single executable).
import { rotateMerchantKeyCommand } from '../src/main/commands/merchants.ts';

process.exitCode = await rotateMerchantKeyCommand(process.argv.slice(2));
