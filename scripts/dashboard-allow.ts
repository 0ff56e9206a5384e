// `npm run dashboard:allow`: see src/main/commands/dashboard-allow.ts.
import { dashboardAllowCommand } from '../src/main/commands/dashboard-allow.ts';

process.exitCode = await dashboardAllowCommand(process.argv.slice(2));
