// Where the files read at run time live (native addons, migrations, web page, dataset): the repository, or the single executable's extracted cache.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

// src/.. under tsx; the bundle defines import.meta.dirname as __dirname (dist/), whose parent is the repository too.
let root = resolve(import.meta.dirname, '..');

/** The resource root; its layout mirrors the repository (crates/, src/db/migrations/, data/build/, node_modules/...). */
export function resourceRoot(): string {
  return root;
}

/** `relative` (a repository path such as "src/db/migrations") under the resource root. */
export function resourcePath(relative: string): string {
  return join(root, relative);
}

/** Points every reader at `dir`; the single executable calls it with its extracted cache before loading the app. */
export function setResourceRoot(dir: string): void {
  root = resolve(dir);
}

/** Loads a native addon (.node) from the resource root; a require() from disk, which also works inside the executable. */
export function loadNativeAddon(relative: string): unknown {
  const path = resourcePath(relative);
  return createRequire(path)(path);
}
