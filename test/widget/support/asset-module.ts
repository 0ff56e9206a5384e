// The widget's browser modules loaded in Node for their pure functions (none touches the DOM at import time); typed by
// the interface each test states, since the modules are plain JavaScript.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../support/paths.ts';

export function loadAsset<T>(name: string): Promise<T> {
  return import(pathToFileURL(join(repoRoot, 'src/widget/assets', name)).href) as Promise<T>;
}
