// `npm run build` (and prepack): dist/index.js (ESM) and dist/index.cjs bundled by esbuild, one bundled .d.ts/.d.cts.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';

const here = resolve(import.meta.dirname, '..');
const dist = join(here, 'dist');
const entry = join(here, 'src', 'index.ts');

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist);
// Bundled so the webhook verifier (packages/webhook-verify, outside this folder) ships inside the package.
for (const [format, file] of [
  ['esm', 'index.js'],
  ['cjs', 'index.cjs'],
] as const) {
  await build({
    entryPoints: [entry],
    outfile: join(dist, file),
    bundle: true,
    format,
    platform: 'node',
    target: 'node18',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
// One self-contained declaration file: no relative imports, so it reads the same as ESM (.d.ts) and CJS (.d.cts).
const [types] = generateDtsBundle([{ filePath: entry, output: { noBanner: true, exportReferencedTypes: false } }], {
  preferredConfigPath: join(here, 'tsconfig.json'),
});
const header = '// Types of @geopin/client (bundled from src/ by scripts/build.ts).\n';
writeFileSync(join(dist, 'index.d.ts'), header + types);
writeFileSync(join(dist, 'index.d.cts'), header + types);
// stderr: `npm pack --json` runs this (prepack) and its stdout must stay JSON.
process.stderr.write(`built ${dist}\n`);
