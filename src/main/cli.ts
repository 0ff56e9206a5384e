// `geopin <command>`: one entry for the server and the admin CLIs, run by tsx, by node from dist/geopin.cjs, or as the single executable.
import { isSea } from 'node:sea';
import packageJson from '../../package.json' with { type: 'json' };
import { prepareExecutable } from './executable.ts';

const USAGE = `usage: geopin <command> [options]

commands:
  serve                        start the server (configured by environment variables, see docs/deployment.md)
  key create --plan PLAN ...   create a location API key and print it once
  merchant create --name NAME  create a checkout merchant and print its id and API key
  data build [--input PATH] [--out DIR] [--directory-dir DIR] [--quiet]
                               build the location dataset (boundaries.bin, gazetteer.sqlite, manifest.json)
  --help, --version

"geopin key create --help" and "geopin merchant create --help" list their options.`;

type Command = (args: string[]) => unknown;

// Imported on demand: modules that load the addon or read files at import must see the resource root set first.
const COMMANDS: Record<string, Command> = {
  serve: async (args) => (await import('./serve.ts')).serve(args),
  'key create': async (args) => (await import('../../scripts/create-key.ts')).createKeyCommand(args, 'geopin key create'),
  'merchant create': async (args) => (await import('../../scripts/create-merchant.ts')).createMerchantCommand(args, 'geopin merchant create'),
  'data build': async (args) => (await import('../../scripts/build-data.ts')).buildDataCommand(args),
};

async function main(argv: string[]): Promise<void> {
  const [first, second] = argv;
  if (first === '--version' || first === '-v') return void console.log(packageJson.version);
  if (first === '--help' || first === '-h' || first === 'help') return void console.log(USAGE);
  const name = first !== undefined && first in COMMANDS ? first : `${first} ${second}`;
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`${first === undefined ? '' : `geopin: unknown command "${argv.join(' ')}"\n`}${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  const args = argv.slice(name.split(' ').length);
  if (isSea()) prepareExecutable(name, args);
  await command(args);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`geopin: ${err instanceof Error ? err.message : String(err)}\n`);
  // exit, not exitCode: a server that failed half-way may hold timers or sockets open.
  process.exit(1);
});
