// `npm run merchant:add-user`: see src/dashboard/commands/merchant-add-user.ts.
import { merchantAddUserCommand } from '../src/dashboard/commands/merchant-add-user.ts';

process.exitCode = await merchantAddUserCommand(process.argv.slice(2));
