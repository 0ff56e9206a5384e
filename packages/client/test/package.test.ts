// `npm pack` makes an installable tarball: a fresh project installs it and uses it from ESM, CommonJS and TypeScript.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const here = resolve(import.meta.dirname, '..');
const root = resolve(here, '../..');
const dir = mkdtempSync(join(tmpdir(), 'geopin-client-pack-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });

describe('npm pack', () => {
  // Builds, packs, installs and runs tsc: slow on a busy two-core machine.
  it('packs dist and the README, and installs into a project that imports, requires and type-checks it', { timeout: 120_000 }, () => {
    const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], here))[0];
    expect(packed.files.map((f: { path: string }) => f.path).sort()).toEqual([
      'README.md', 'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'dist/index.js.map', 'package.json',
    ]);
    const app = join(dir, 'app');
    run('mkdir', ['-p', app], dir);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    run('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dir, packed.filename)], app);
    const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['@geopin']); // no runtime dependencies

    const esm = `import { LocationClient, verifyWebhook, RateLimitError } from '@geopin/client';
      console.log(typeof LocationClient, typeof verifyWebhook, new RateLimitError(429, {code: 'rate_limited'}, null, 1).code);`;
    expect(run(process.execPath, ['--input-type=module', '-e', esm], app).trim()).toBe('function function rate_limited');
    const cjs = `const { MerchantClient, WebhookVerificationError } = require('@geopin/client');
      console.log(typeof MerchantClient, new WebhookVerificationError('missing_header', 'x').code);`;
    expect(run(process.execPath, ['-e', cjs], app).trim()).toBe('function missing_header');

    writeFileSync(join(app, 'use.mts'), `import { LocationClient, type LookupResult } from '@geopin/client';
      const c = new LocationClient({ baseUrl: 'http://localhost:3000', apiKey: 'k' });
      export const p: Promise<LookupResult> = c.lookup({ latitude: 1, longitude: 2 });
      // @ts-expect-error: pincode is a string
      export const n: number = (null as unknown as LookupResult).pincode;\n`);
    writeFileSync(join(app, 'use.cts'), `import { MerchantClient, type ImportResult } from '@geopin/client';
      export const r: Promise<ImportResult> = new MerchantClient({ baseUrl: 'http://x', apiKey: 'k' }).importCustomers([]);\n`);
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    run(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node',
      '--typeRoots', join(root, 'node_modules/@types'), 'use.mts', 'use.cts'], app);
  });
});
