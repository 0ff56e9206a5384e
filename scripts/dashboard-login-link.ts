// `npm run dashboard:login-link`: see src/main/commands/login-link.ts.
import { dashboardLoginLinkCommand } from '../src/main/commands/login-link.ts';

process.exitCode = await dashboardLoginLinkCommand(process.argv.slice(2));
