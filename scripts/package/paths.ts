// Where packaging reads from and writes to: the repository root and dist/.
import { join, resolve } from 'node:path';

/** The repository root. */
export const repoRoot = resolve(import.meta.dirname, '../..');
/** Build output (gitignored). */
export const distDir = join(repoRoot, 'dist');
/** `npm run build`: the bundled CLI and server. */
export const bundlePath = join(distDir, 'geopin.cjs');
/** `npm run package`: the single executable. */
export const executablePath = join(distDir, 'geopin');
