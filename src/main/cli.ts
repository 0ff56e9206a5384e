// `geopin <command>`: one entry for the server and the admin CLIs, run by tsx, by node from dist/geopin.cjs, or as the single executable.
import { isSea } from 'node:sea';
import { releaseName } from './release.ts';
import { prepareExecutable } from './executable.ts';

const USAGE = `usage: geopin <command> [options]

commands:
  serve                        start the server (configured by environment variables, see docs/deployment.md)
  key create --plan PLAN ...   create a location API key and print it once
  key list                     list the location API keys: id, prefix, plan, label, created, revoked
  key revoke --prefix P | --key K | --id N
                               revoke a location API key (every node refuses it within a second)
  merchant create --name NAME  create a checkout merchant and print its id and API key
  merchant rotate-key --merchant-id ID [--overlap-hours 24]
                               issue a new merchant API key; the old ones keep working for the overlap
  merchant add-user --merchant-id ID --email E
                               let E sign in to the merchant dashboard (/merchant)
  merchant login-link --email E
                               print a one-time sign-in URL for /merchant (no mail needed)
  dashboard allow --email E    let E sign in to the developer dashboard (/dashboard)
  dashboard login-link --email E
                               print a one-time sign-in URL for /dashboard (no mail needed)
  widget try [--url URL]       a demo merchant on a development server, and the widget demo page to open
  backup --to DIR              copy the running SQLite store and its key file into DIR (PostgreSQL: pg_dump)
  data build [--input PATH] [--out DIR] [--directory-dir DIR] [--quiet]
                               build the location dataset (boundaries.bin, gazetteer.sqlite, manifest.json)
  --help, --version

Each command's --help lists its options.`;

type Command = (args: string[]) => unknown;

/** Operator commands resolve with their exit code. */
function exit(code: number): void {
  process.exitCode = code;
}

// Imported on demand: modules that load the addon or read files at import must see the resource root set first.
const COMMANDS: Record<string, Command> = {
  serve: async (args) => (await import('./serve.ts')).serve(args),
  'key create': async (args) => exit(await (await import('./commands/keys.ts')).createKeyCommand(args)),
  'key revoke': async (args) => exit(await (await import('./commands/keys.ts')).revokeKeyCommand(args)),
  'key list': async (args) => exit(await (await import('./commands/keys.ts')).listKeysCommand(args)),
  'merchant create': async (args) => exit(await (await import('./commands/merchants.ts')).createMerchantCommand(args)),
  'merchant rotate-key': async (args) =>
    exit(await (await import('./commands/merchants.ts')).rotateMerchantKeyCommand(args)),
  'merchant add-user': async (args) =>
    exit(await (await import('./commands/merchant-add-user.ts')).merchantAddUserCommand(args)),
  'merchant login-link': async (args) =>
    exit(await (await import('./commands/login-link.ts')).merchantLoginLinkCommand(args)),
  'dashboard login-link': async (args) =>
    exit(await (await import('./commands/login-link.ts')).dashboardLoginLinkCommand(args)),
  'dashboard allow': async (args) =>
    exit(await (await import('./commands/dashboard-allow.ts')).dashboardAllowCommand(args)),
  'widget try': async (args) => exit(await (await import('./commands/widget-try.ts')).widgetTryCommand(args)),
  backup: async (args) => exit(await (await import('./commands/backup.ts')).backupCommand(args)),
  'data build': async (args) => (await import('../dataset/build.ts')).buildDataCommand(args),
};

/** The usage lines of the commands starting with `words` (a group such as "key", or one command), continuations too. */
function commandLines(words: string): string[] {
  const lines = USAGE.split('\n');
  const out: string[] = [];
  let taking = false;
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) taking = line.startsWith(`  ${words} `) || line === `  ${words}`;
    else if (!line.startsWith('    ')) taking = false;
    if (taking) out.push(line);
  }
  return out;
}

async function main(argv: string[]): Promise<void> {
  const [first, second] = argv;
  if (first === '--version' || first === '-v') return void console.log(releaseName());
  if (first === '--help' || first === '-h' || first === 'help') return void console.log(USAGE);
  const name = first !== undefined && first in COMMANDS ? first : `${first} ${second}`;
  const command = COMMANDS[name];
  const help = (words: string) => argv.slice(words.split(' ').length).some((a) => a === '--help' || a === '-h');
  // `geopin key --help`, and the commands that take no flags of their own: their lines of the usage.
  const group = !command && first !== undefined && (second === undefined || second === '--help' || second === '-h');
  if ((group && commandLines(first).length > 0) || ((name === 'serve' || name === 'data build') && help(name))) {
    console.log(commandLines(group ? first : name).join('\n'));
    if (group && second === undefined) process.exitCode = 2;
    return;
  }
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
