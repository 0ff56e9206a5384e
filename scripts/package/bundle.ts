// `npm run build`: bundles src/main/cli.ts into dist/geopin.cjs (CommonJS for node 20, the SEA main's format), native addons loaded at run time,
// and the checkout widget into dist/widget/.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipelineSourcesSha256 } from '../../src/dataset/manifest.ts';
import { nativeAddonPlugin } from './native-addons.ts';
import { bundlePath, repoRoot } from './paths.ts';
import { bundleWidget } from './widget.ts';

/** The HTTP worker threads' script (src/main/http-workers.ts finds it beside the bundle). */
export const workerBundlePath = join(dirname(bundlePath), 'http-worker.cjs');

/**
 * Writes `outfile` (and the worker script and the widget beside it) with source maps; returns the main bundle's size in
 * bytes.
 */
export async function bundle(outfile = bundlePath): Promise<number> {
  await bundleEntry('src/main/cli.ts', outfile);
  await bundleEntry('src/main/http-worker.ts', join(dirname(outfile), 'http-worker.cjs'));
  await bundleWidget(join(dirname(outfile), 'widget'));
  return statSync(outfile).size;
}

async function bundleEntry(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    // Stack traces map to src/ with --enable-source-maps; the sources themselves stay in the repository.
    sourcesContent: false,
    // resources.ts finds the repository as the parent of its own directory: dist/ for the bundle, like src/.
    // GEOPIN_BUNDLED tells http-workers.ts to start dist/http-worker.cjs rather than the .ts source.
    // GEOPIN_PIPELINE_SHA256 labels the datasets this bundle builds with the sources bundled, not those on disk later.
    define: {
      'import.meta.dirname': '__dirname',
      'globalThis.GEOPIN_BUNDLED': 'true',
      'globalThis.GEOPIN_PIPELINE_SHA256': JSON.stringify(pipelineSourcesSha256()),
      // `geopin --version` and the start log name the commit: an operator can confirm an upgrade or a rollback.
      'globalThis.GEOPIN_COMMIT': JSON.stringify(sourceCommit()),
    },
    // The scripts' "run directly" checks compare import.meta.url, which is empty (so false) in the bundle, as intended.
    logOverride: { 'empty-import-meta': 'silent' },
    plugins: [nativeAddonPlugin],
    logLevel: 'warning',
  });
}

/** The checkout's commit (with "+changes" when files differ from it), or "" outside a git checkout. */
function sourceCommit(): string {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  const head = git('rev-parse', '--short', 'HEAD');
  if (head.status !== 0) return '';
  const changed = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== '';
  return `${head.stdout.trim()}${changed ? '+changes' : ''}`;
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
