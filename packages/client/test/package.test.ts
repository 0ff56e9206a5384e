// `npm pack` makes an installable tarball: a fresh project installs it and uses it from ESM, CommonJS and TypeScript.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/support/server.ts';

const here = resolve(import.meta.dirname, '..');
const root = resolve(here, '../..');
const dir = mkdtempSync(join(tmpdir(), 'geopin-client-pack-'));
const app = join(dir, 'app');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

describe('npm pack', () => {
  // Builds, packs, installs and runs tsc: slow on a busy two-core machine.
  it(
    'packs dist and the README, and installs into a project that imports, requires and type-checks it',
    { timeout: 120_000 },
    () => {
      const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', dir], here))[0];
      expect(packed.files.map((f: { path: string }) => f.path).sort()).toEqual([
        'README.md',
        'dist/index.cjs',
        'dist/index.cjs.map',
        'dist/index.d.cts',
        'dist/index.d.ts',
        'dist/index.js',
        'dist/index.js.map',
        'package.json',
      ]);
      run('mkdir', ['-p', app], dir);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
      run('npm', ['install', '--no-audit', '--no-fund', '--offline', join(dir, packed.filename)], app);
      const installed = readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.'));
      expect(installed).toEqual(['@geopin']); // no runtime dependencies

      const esm = `import { LocationClient, verifyWebhook, RateLimitError } from '@geopin/client';
      console.log(typeof LocationClient, typeof verifyWebhook, new RateLimitError(429, {code: 'rate_limited'}, null, 1).code);`;
      expect(run(process.execPath, ['--input-type=module', '-e', esm], app).trim()).toBe(
        'function function rate_limited',
      );
      const cjs = `const { MerchantClient, WebhookVerificationError } = require('@geopin/client');
      console.log(typeof MerchantClient, new WebhookVerificationError('missing_header', 'x').code);`;
      expect(run(process.execPath, ['-e', cjs], app).trim()).toBe('function missing_header');

      writeFileSync(
        join(app, 'use.mts'),
        `import { LocationClient, type LookupResult } from '@geopin/client';
      const c = new LocationClient({ baseUrl: 'http://localhost:3000', apiKey: 'k' });
      export const p: Promise<LookupResult> = c.lookup({ latitude: 1, longitude: 2 });
      // @ts-expect-error: pincode is a string
      export const n: number = (null as unknown as LookupResult).pincode;\n`,
      );
      writeFileSync(
        join(app, 'use.cts'),
        `import { MerchantClient, type ImportResult } from '@geopin/client';
      export const r: Promise<ImportResult> = new MerchantClient({ baseUrl: 'http://x', apiKey: 'k' }).importCustomers([]);\n`,
      );
      const tsc = join(root, 'node_modules/typescript/bin/tsc');
      run(
        process.execPath,
        [
          tsc,
          '--noEmit',
          '--strict',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--types',
          'node',
          '--typeRoots',
          join(root, 'node_modules/@types'),
          'use.mts',
          'use.cts',
        ],
        app,
      );
    },
  );
});

describe('examples/geocode-csv.mjs', () => {
  it(
    'geocodes a CSV through the installed package and writes one row per address, in order',
    { timeout: 60_000 },
    async () => {
      const server = await startTestServer();
      try {
        const { key } = await server.parts.access.keys.create({ plan: 'free', rateLimitOverride: 1_000_000 });
        copyFileSync(join(root, 'examples/geocode-csv.mjs'), join(app, 'geocode-csv.mjs'));
        const lines = [
          'Address,City,Pincode',
          ...Array.from({ length: 150 }, (_, i) =>
            i === 120 ? 'qwzx vbnm,,' : `"Indiranagar, 100 Feet Road",Bengaluru,560038`,
          ),
        ];
        writeFileSync(join(app, 'in.csv'), `${lines.join('\r\n')}\r\n`);
        // Asynchronous: the server answers from this process, so a blocking child would wait for ever.
        const { stdout, stderr } = await promisify(execFile)(process.execPath, ['geocode-csv.mjs', 'in.csv'], {
          cwd: app,
          env: { ...process.env, GEOPIN_URL: server.baseUrl, GEOPIN_KEY: key },
        });
        const out = stdout.trim().split('\n');
        expect(out[0]).toBe('address,pincode,latitude,longitude,geopin,confidence,error');
        expect(out).toHaveLength(151);
        expect(out[1]).toMatch(/^"Indiranagar, 100 Feet Road",560038,12\.\d+,77\.\d+,4P3-/);
        expect(out[121]).toBe('qwzx vbnm,,,,,,address_not_found');
        expect(stderr).toContain('geocoded 150/150');
        expect(stderr).toContain('149 placed, 1 not placed');
      } finally {
        await server.dispose();
      }
    },
  );
});
