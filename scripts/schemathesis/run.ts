// `npm run test:schemathesis`: schemathesis (all checks) against both OpenAPI documents of a real server; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFixture, type Fixture } from './fixture.ts';
import { ensureSchemathesis } from './venv.ts';

const USAGE = `usage: npm run test:schemathesis -- [--bundle] [--max-examples N] [--seed N] [--only location|checkout] [-- extra st options]

  --bundle          run the server from dist/geopin.cjs (npm run build) instead of src through tsx
  --max-examples N  test cases per operation and phase (default 60)
  --seed N          hypothesis seed (default 20261123; a fixed seed keeps CI reproducible)
environment: SCHEMATHESIS_VENV (default .venv-schemathesis/ in the repo)`;

const root = resolve(import.meta.dirname, '../..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    bundle: { type: 'boolean', default: false },
    'max-examples': { type: 'string', default: '60' },
    seed: { type: 'string', default: '20261123' },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const st = ensureSchemathesis(process.env.SCHEMATHESIS_VENV ?? join(root, '.venv-schemathesis'));
const command = values.bundle
  ? [process.execPath, 'dist/geopin.cjs']
  : [process.execPath, '--import', 'tsx', 'src/main/cli.ts'];
console.log(`== starting the server (${command.slice(1).join(' ')}) on a temp SQLite store`);
const fixture = await startFixture(root, command);
let failed = false;
try {
  for (const run of runs(fixture)) {
    if (values.only && values.only !== run.name) continue;
    console.log(`\n== schemathesis: ${run.name} (${run.document})`);
    const code = await schemathesis(st, fixture, run);
    if (code !== 0) failed = true;
  }
} finally {
  await fixture.stop();
}
console.log(failed ? '\nschemathesis found failures' : '\nschemathesis: no failures');
process.exit(failed ? 1 : 0);

interface Run {
  name: string;
  document: string;
  headers: Record<string, string>;
}

/** The location document with its api key; the checkout document with a merchant key and a buyer session together. */
function runs(f: Fixture): Run[] {
  return [
    { name: 'location', document: '/openapi/location.json', headers: { 'x-api-key': f.locationKey } },
    {
      name: 'checkout',
      document: '/openapi/checkout.json',
      headers: { 'x-api-key': f.merchantKey, 'x-session-token': f.sessionToken },
    },
  ];
}

function schemathesis(st: string, f: Fixture, run: Run): Promise<number> {
  const args = [
    '--config-file',
    join(import.meta.dirname, 'schemathesis.toml'),
    'run',
    f.baseUrl + run.document,
    ...Object.entries(run.headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    // Not the examples phase: it pairs every body example with the first ?action=, bypassing the hooks that match an
    // action to its body; test/http/openapi-examples.test.ts checks each example against its own action instead.
    '--phases',
    'coverage,fuzzing,stateful',
    '--checks',
    'all',
    '--max-examples',
    values['max-examples'],
    '--seed',
    values.seed,
    '--workers',
    '1',
    '--request-timeout',
    '10',
    '--no-color',
    ...positionals,
  ];
  const env = {
    ...process.env,
    PYTHONPATH: import.meta.dirname,
    SCHEMATHESIS_HOOKS: 'hooks',
    ST_MERCHANT_ID: f.merchantId,
    ST_SESSION_ID: f.sessionId,
    ST_ADDRESS_ID: f.addressId,
    ST_BATCH_ID: f.batchId,
    ST_PINCODE: f.pincode,
    ST_ORIGIN: f.origin,
  };
  return new Promise((done) => {
    const child = spawn(st, args, { cwd: root, env, stdio: 'inherit' });
    child.once('exit', (code) => done(code ?? 1));
  });
}
