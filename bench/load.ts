// `npm run bench:load [-- --seconds 30 --connections 8]`: mixed location + checkout load on a fresh server child, 127.0.0.1 only.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { runLoad } from './load/harness.ts';
import { failuresOf, memoryOf, printReport } from './load/report.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.LOAD_SECONDS ?? '30' },
    connections: { type: 'string', default: process.env.LOAD_CONNECTIONS ?? '8' },
    'otp-sends-per-ip': { type: 'string', default: '500' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
if (!(seconds >= 1) || !(connections >= 1)) throw new Error('--seconds and --connections must be positive numbers');

console.log(
  `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}; ${seconds} s, 4 mixes x ${connections} connections at once, ` +
    'autocannon in this process, server in a child process',
);
const result = await runLoad({
  seconds,
  connections,
  warmupSeconds: Math.max(1, Math.round(seconds / 6)),
  otpSendsPerIp: Number(values['otp-sends-per-ip']),
});
printReport(result);
const failures = failuresOf(result);
for (const f of failures) console.error(`FAIL ${f}`);
// 1: the server misbehaved under load; 2: it behaved, but memory grew like a leak.
process.exitCode = failures.length > 0 ? 1 : memoryOf(result).leakSuspected ? 2 : 0;
