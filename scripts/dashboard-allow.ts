// `npm run dashboard:allow`: see src/dashboard/commands/dashboard-allow.ts.
import { dashboardAllowCommand } from '../src/dashboard/commands/dashboard-allow.ts';

process.exitCode = await dashboardAllowCommand(process.argv.slice(2));
