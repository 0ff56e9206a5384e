// `geopin` (the production build) as an operator meets it: help for a group of commands and for those without flags,
// a leaked key revoked by the key itself, the keys listed, and a store the command had to make said so.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function geopin(args: string[], dbPath = join(dir, 'app.sqlite')) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'dist', 'geopin.cjs'), ...args], {
    env: { ...process.env, DB_PATH: dbPath, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('geopin help', () => {
  it('lists a group\'s commands for "key --help", and says what "serve" and "data build" take', () => {
    const key = geopin(['key', '--help']);
    expect(key.status).toBe(0);
    expect(key.stdout.split('\n').filter((l) => /^ {2}key /.test(l))).toHaveLength(3);
    expect(key.stdout).toContain('key revoke --prefix P | --key K | --id N');
    expect(geopin(['key']).status).toBe(2);
    const serve = geopin(['serve', '--help']);
    expect([serve.status, serve.stdout]).toEqual([0, expect.stringContaining('start the server')]);
    expect(geopin(['data', 'build', '--help']).stdout).toContain('--directory-dir');
    expect(geopin(['merchant', '--help']).stdout).toContain('merchant rotate-key');
  });
});

describe('geopin key', () => {
  it('revokes a leaked key pasted whole, lists every key, and refuses a prefix too short to name one', () => {
    const made = geopin(['key', 'create', '--plan', 'free', '--label', 'leaked']);
    // The first command on a path makes the store, and says so: a DB_PATH with a typo is seen at once.
    expect(made.stderr).toContain(`no store was at ${join(dir, 'app.sqlite')}, so a new, empty one was made`);
    const leaked = made.stdout.trim();
    const kept = geopin(['key', 'create', '--plan', 'paid']).stdout.trim();
    expect(geopin(['key', 'create', '--plan', 'free']).stderr).not.toContain('no store was at');

    const short = geopin(['key', 'revoke', '--prefix', leaked.slice(0, 9)]);
    expect([short.status, short.stderr]).toEqual([1, expect.stringContaining("the key's first 12 characters")]);
    const whole = geopin(['key', 'revoke', '--prefix', leaked]);
    expect([whole.status, whole.stderr]).toEqual([
      0,
      expect.stringContaining(`revoked key #1 ${leaked.slice(0, 12)}…`),
    ]);
    const again = geopin(['key', 'revoke', '--key', leaked]);
    expect([again.status, again.stderr]).toEqual([1, expect.stringContaining('no active key with this key in')]);

    const listed = geopin(['key', 'list']);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[1], r[2], r[5]?.split(' ')[0], r[6]])).toEqual([
      ['#1', `${leaked.slice(0, 12)}…`, 'free', 'revoked', 'leaked'],
      ['#2', `${kept.slice(0, 12)}…`, 'paid', 'active', '—'],
      ['#3', expect.stringMatching(/^gp_sk_/), 'free', 'active', '—'],
    ]);
    // Only prefixes are listed: the keys themselves are kept as hashes.
    expect(listed.stdout).not.toContain(kept);
  });
});
