// `npm run merchant:add-user`: see src/main/commands/merchant-add-user.ts.
import { merchantAddUserCommand } from '../src/main/commands/merchant-add-user.ts';

process.exitCode = await merchantAddUserCommand(process.argv.slice(2));
