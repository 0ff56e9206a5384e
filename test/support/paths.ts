// Where tests find the shared data and vectors; overridable for machines with another layout.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The repository root, with a trailing slash. */
export const repoRoot = root;
/** Official DIGIPIN vectors (DIGIPIN_VECTORS_DIR overrides). */
export const vectorsDir = process.env.DIGIPIN_VECTORS_DIR ?? `${root}../shared/digipin`;
