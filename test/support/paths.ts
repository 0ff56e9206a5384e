// Where tests find the official DIGIPIN vectors (committed beside the Rust tests); overridable.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The repository root, with a trailing slash. */
export const repoRoot = root;
/** Official DIGIPIN vectors (DIGIPIN_VECTORS_DIR overrides). */
export const vectorsDir = process.env.DIGIPIN_VECTORS_DIR ?? `${root}crates/geo-core/tests/vectors`;
