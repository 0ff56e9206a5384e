// Child-process entry for the crash test: the real server (dispatcher included), so SIGKILL hits a real process.
import { loadConfig } from '../../../src/server/config.ts';
import { startServer } from '../../../src/server/start.ts';

const server = await startServer(loadConfig());
console.log(`[child] listening on ${server.port}`);
process.on('SIGTERM', () => {
  server.stop().then(() => process.exit(0));
});
