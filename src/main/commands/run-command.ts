// Shared frame of the operator commands: parse flags, open the configured store, report errors as one line and exit 1.
import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Database } from '../../db/sql.ts';
import { loadConfig, type Config } from '../config.ts';
import { openStore } from '../store.ts';

export type Flags = Record<string, string | boolean | undefined>;

/** Runs `body` with parsed flags and an open store; `--help` prints `usage`. Resolves with the exit code. */
export async function runCommand(
  name: string,
  usage: string,
  options: NonNullable<ParseArgsConfig['options']>,
  argv: string[],
  body: (flags: Flags, sql: Database, config: Config) => Promise<void>,
): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', default: false } } });
    if (values.help) {
      process.stdout.write(`${usage}\n`);
      return 0;
    }
    const config = loadConfig();
    const fresh = config.store.kind === 'sqlite' && !existsSync(config.store.path);
    const sql = await openStore(config.store);
    // A DB_PATH with a typo makes a store no server reads: what is written there is lost to the operator.
    if (fresh)
      process.stderr.write(
        `${name}: no store was at ${sql.location}, so a new, empty one was made there; if the server uses ` +
          'another, set DB_PATH to its file\n',
      );
    try {
      await body(values, sql, config);
    } finally {
      await sql.close();
    }
    return 0;
  } catch (err) {
    process.stderr.write(`${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

/** A whole number of at least 1 from a flag, or null when the flag is absent. */
export function positiveInt(name: string, value: string | boolean | undefined): number | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[1-9]\d*$/.test(value))
    throw new Error(`--${name} must be a whole number of at least 1, got "${String(value)}"`);
  return Number(value);
}
