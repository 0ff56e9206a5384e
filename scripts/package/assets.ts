// The files the single executable embeds, stored brotli-compressed under dist/sea/assets/, plus the index the executable extracts them by.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { ASSET_INDEX_KEY, type AssetEntry, type AssetIndex } from '../../src/main/extract-assets.ts';
import { NATIVE_ADDONS } from './native-addons.ts';
import { repoRoot } from './paths.ts';
import { WIDGET_BUILD_FILES } from './widget.ts';

/**
 * Repository-relative paths of every file read at run time: the addons, the migrations, the dev checkout page, the
 * dashboards' and /docs pages (Swagger UI from swagger-ui-dist), the checkout widget as built and MapLibre GL JS, the
 * built dataset (manifest.json and each output it lists), the licence files, and the data pipeline's sources (a build
 * or a staleness check inside the executable hashes them, see pipelineSha256).
 */
export function assetPaths(root = repoRoot): string[] {
  const filesIn = (dir: string, pattern: RegExp) =>
    readdirSync(join(root, dir))
      .filter((f) => pattern.test(f))
      .sort()
      .map((f) => `${dir}/${f}`);
  const manifest = JSON.parse(readFileSync(join(root, 'data/build/manifest.json'), 'utf8')) as {
    outputs: { name: string }[];
  };
  return [
    ...NATIVE_ADDONS,
    // Worker threads run a file from disk, so the executable carries the worker's bundle too.
    'dist/http-worker.cjs',
    ...filesIn('src/db/migrations', /\.sql$/),
    'src/web/checkout-page.html',
    'src/web/checkout-page.js',
    ...['console', 'developer', 'merchant'].flatMap((page) =>
      filesIn(`src/dashboard/${page}/assets`, /\.(html|js|css)$/),
    ),
    ...filesIn('src/docs-page/assets', /\.(html|js|css)$/),
    ...WIDGET_BUILD_FILES.map((name) => `dist/widget/${name}`),
    'node_modules/maplibre-gl/package.json',
    'node_modules/maplibre-gl/dist/maplibre-gl.mjs',
    'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs',
    'node_modules/maplibre-gl/dist/maplibre-gl.css',
    'node_modules/swagger-ui-dist/package.json',
    'node_modules/swagger-ui-dist/swagger-ui-bundle.js',
    'node_modules/swagger-ui-dist/swagger-ui.css',
    'data/build/manifest.json',
    ...manifest.outputs.map((o) => `data/build/${o.name}`),
    'LICENSE',
    'NOTICE',
    ...filesIn('src/dataset', /\.ts$/),
  ];
}

/** Compresses every asset into `outDir` and writes the index; returns the SEA config's `assets` map (key -> file). */
export function writeAssets(outDir: string, version: string, root = repoRoot): Record<string, string> {
  const assets: Record<string, string> = {};
  const files: AssetEntry[] = [];
  for (const path of assetPaths(root)) {
    const data = readFileSync(join(root, path));
    const file = join(outDir, `${path}.br`);
    mkdirSync(dirname(file), { recursive: true });
    // Quality 5: about a third of the raw size in a few seconds; 9+ saves little more and takes minutes.
    writeFileSync(
      file,
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    assets[path] = file;
    files.push({ path, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }
  const hash = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const index: AssetIndex = { version, hash, files };
  const indexFile = join(outDir, ASSET_INDEX_KEY);
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
  assets[ASSET_INDEX_KEY] = indexFile;
  return assets;
}
