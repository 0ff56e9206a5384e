// `npm run merchant:login-link`: see src/main/commands/login-link.ts.
import { merchantLoginLinkCommand } from '../src/main/commands/login-link.ts';

process.exitCode = await merchantLoginLinkCommand(process.argv.slice(2));
