// `npm run build`: bundles src/main/cli.ts into dist/geopin.cjs (CommonJS for node 20, the SEA main's format), native addons loaded at run time.
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { nativeAddonPlugin } from './native-addons.ts';
import { bundlePath, repoRoot } from './paths.ts';

/** Writes `outfile` and its source map; returns the bundle's size in bytes. */
export async function bundle(outfile = bundlePath): Promise<number> {
  await build({
    entryPoints: [join(repoRoot, 'src/main/cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    // Stack traces map to src/ with --enable-source-maps; the sources themselves stay in the repository.
    sourcesContent: false,
    // resources.ts finds the repository as the parent of its own directory: dist/ for the bundle, like src/.
    define: { 'import.meta.dirname': '__dirname' },
    // The scripts' "run directly" checks compare import.meta.url, which is empty (so false) in the bundle, as intended.
    logOverride: { 'empty-import-meta': 'silent' },
    plugins: [nativeAddonPlugin],
    logLevel: 'warning',
  });
  return statSync(outfile).size;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  bundle().then(
    (bytes) => console.log(`build: ${relative(repoRoot, bundlePath)} (${(bytes / 1e6).toFixed(1)} MB)`),
    (err: unknown) => {
      console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    },
  );
}
