// The three native addons (repository-relative paths) and the esbuild plugin that loads them from the resource root at run time.
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'esbuild';
import { repoRoot } from './paths.ts';

const uwsDir = 'node_modules/uWebSockets.js';
const sqliteDir = 'node_modules/better-sqlite3/build/Release';

/** The .node files the app loads; uWS ships one per platform and Node ABI, the running node's is the one used. */
export const NATIVE_ADDONS = [
  'crates/geo-node/geo-node.node',
  `${uwsDir}/uws_${process.platform}_${process.arch}_${process.versions.modules}.node`,
  `${sqliteDir}/better_sqlite3.node`,
];

// A bundle cannot hold a .node file: each require of one becomes loadNativeAddon(<repository path>) from src/resources.ts.
const resources = JSON.stringify(join(repoRoot, 'src/resources.ts'));
const loader = `const { loadNativeAddon } = require(${resources});\n`;

/**
 * better-sqlite3 finds its addon with `require('bindings')('better_sqlite3.node')`: `bindings` becomes a loader of
 * build/Release. uWS's uws.js does `require('./uws_<platform>_<arch>_<abi>.node')`: that call is rewritten in place.
 */
export const nativeAddonPlugin: Plugin = {
  name: 'geopin-native-addons',
  setup(build) {
    build.onResolve({ filter: /^bindings$/ }, (args) => {
      if (!/[\\/]better-sqlite3[\\/]/.test(args.importer))
        throw new Error(`only better-sqlite3 may use "bindings", not ${args.importer}`);
      return { path: 'bindings', namespace: 'geopin-native' };
    });
    build.onLoad({ filter: /^bindings$/, namespace: 'geopin-native' }, () => ({
      contents: `${loader}module.exports = (name) => loadNativeAddon(${JSON.stringify(`${sqliteDir}/`)} + name);\n`,
      resolveDir: repoRoot,
      loader: 'js',
    }));
    build.onLoad({ filter: /[\\/]uWebSockets\.js[\\/]uws\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const call = "require('./uws_'";
      if (!source.includes(call))
        throw new Error(`${args.path} no longer loads its addon with ${call}...): update ${import.meta.filename}`);
      const dir = relative(repoRoot, dirname(args.path)).split('\\').join('/');
      return {
        contents: loader + source.replace(call, `loadNativeAddon(${JSON.stringify(`${dir}/uws_`)}`),
        loader: 'js',
        resolveDir: dirname(args.path),
      };
    });
  },
};
