// The only importer of the native .node file; turns native errors into GeoError with a stable code.
import type * as Hot from '../../crates/geo-node/hot.d.ts';
import type * as Generated from '../../crates/geo-node/index.d.ts';
import { loadNativeAddon, resourcePath } from '../resources.ts';

/**
 * The napi exports, typed by the index.d.ts napi-rs generates from crates/geo-node, plus hot.d.ts for the hot calls
 * the crate writes against N-API directly (src/hot.rs).
 */
export type NativeAddon = typeof Generated & typeof Hot;

const ADDON = 'crates/geo-node/geo-node.node';

/** The loaded addon; a missing build fails loudly at import with the command that fixes it. */
export const native: NativeAddon = loadAddon();

function loadAddon(): NativeAddon {
  try {
    return loadNativeAddon(ADDON) as NativeAddon;
  } catch (err) {
    throw new Error(`native addon not found at ${resourcePath(ADDON)}; run "npm run build:native" (${String(err)})`, {
      cause: err,
    });
  }
}

/** An error from the native core; `code` is stable (E_LATITUDE_OUT_OF_RANGE, E_INVALID_DIGIPIN, ...). */
export class GeoError extends Error {
  override readonly name = 'GeoError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a native call and rethrows its errors, which carry their code as the `code` property, as GeoError. */
export function callNative<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw toGeoError(err);
  }
}

/** A native error (an Error whose `code` is E_…) as GeoError; anything else unchanged. */
export function toGeoError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('E_')
    ? new GeoError(code, err.message)
    : err;
}
